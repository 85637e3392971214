import { Section } from '@/components/Section';
import { DocumentIcon, ShieldIcon } from '@/components/icons';
import { TITLE_COPY } from '@/content/buying';
import type { District } from '@/content/districts';
import { INSPECTION_PATHS } from '@/modules/leads';

/**
 * Title and documents: how to check the estate's title, what the buyer receives, and an offer to inspect the
 * documents, a plain link to the district's booking page (the documents are shown at the site inspection).
 */
export function TitleAndDocuments({ district, className }: { district: District; className?: string }) {
  const { authorities } = district;
  return (
    <Section id="title-and-documents" heading={TITLE_COPY.heading} intro={TITLE_COPY.intro} className={className}>
      <div className="mt-12 grid items-start gap-10 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
        <div className="grid gap-5">
          <div className="rounded-3xl bg-ivory-50 p-6 ring-1 ring-forest-900/5 sm:p-8">
            <ShieldIcon className="size-8 text-brass-700" />
            <h3 className="mt-5 text-2xl">{TITLE_COPY.estateTitleHeading}</h3>
            <p className="mt-3 leading-relaxed text-ink-soft">{TITLE_COPY.estateTitle(district, authorities)}</p>
          </div>
          <div className="rounded-3xl bg-forest-900 p-6 text-ivory-100 sm:p-8">
            <h3 className="text-2xl text-ivory-50">{TITLE_COPY.inspectionHeading}</h3>
            <p className="mt-3 leading-relaxed text-ivory-100/85">{TITLE_COPY.inspectionText}</p>
            <div className="mt-7 flex">
              <a href={INSPECTION_PATHS.book(district.slug)} className="btn-brass">
                {TITLE_COPY.inspectionAction}
              </a>
            </div>
          </div>
        </div>
        <div>
          <h3 className="eyebrow font-sans">{TITLE_COPY.documentsHeading}</h3>
          <dl className="mt-3 divide-y divide-forest-900/10 border-y border-forest-900/10">
            {TITLE_COPY.documents(authorities).map((doc) => (
              <div key={doc.name} className="py-5">
                <dt className="flex items-center gap-4 font-semibold text-forest-900">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
                    <DocumentIcon className="size-5" />
                  </span>
                  {doc.name}
                </dt>
                <dd className="mt-1 pl-14 text-sm leading-relaxed text-ink-soft">{doc.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </Section>
  );
}
