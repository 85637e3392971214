import { LEGAL_UPDATED_LABEL, type LegalPage } from '@/content/legal';
import { getSiteFacts } from '@/lib/site-facts.server';

export function LegalArticle({ page }: { page: LegalPage }) {
  const facts = getSiteFacts();
  const address = `${facts.address.street}, ${facts.address.city}, ${facts.address.country}`;
  return (
    <article className="container-page max-w-3xl pt-32 pb-24 sm:pt-40">
      <h1 className="text-4xl sm:text-5xl">{page.title}</h1>
      <p className="mt-3 text-sm text-ink-soft">
        {LEGAL_UPDATED_LABEL}: {page.updated}
      </p>
      <p className="mt-8 text-lg leading-relaxed text-ink-soft">{page.intro(facts.brand)}</p>
      {page.sections({ brand: facts.brand, email: facts.email, address }).map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 32)} className="mt-3 leading-relaxed text-ink-soft">
              {p}
            </p>
          ))}
          {section.list && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-ink-soft marker:text-brass-500">
              {section.list.map((item) => (
                <li key={item.slice(0, 32)}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
