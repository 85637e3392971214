import { Section } from '@/components/Section';
import { ChevronDownIcon, PhoneIcon, WhatsAppIcon } from '@/components/icons';
import { QUESTIONS_COPY, type OfferFigures } from '@/content/buying';
import { OFFER_COPY, type District } from '@/content/districts';
import type { SiteFacts } from '@/content/site';
import { telHref, whatsappHref, whatsappRef } from '@/lib/contact-links';
import { faqPageJsonLd, JsonLd } from '@/lib/seo/json-ld';

/**
 * Questions buyers ask: native disclosures (keyboard and screen reader support without any script), the same
 * questions as FAQPage structured data, and a way to ask anything else.
 */
export function BuyerQuestions({
  district,
  districtLabel,
  figures,
  facts,
  className,
}: {
  district: District;
  /** The district as the WhatsApp message names it ("District 1, <area>, <city>": districtLabel). */
  districtLabel: string;
  figures: OfferFigures;
  facts: SiteFacts;
  className?: string;
}) {
  const questions = QUESTIONS_COPY.questions(district, figures, district.authorities);
  return (
    <Section id="buyer-questions" heading={QUESTIONS_COPY.heading} intro={QUESTIONS_COPY.intro(district)} className={className}>
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1.7fr_1fr] lg:gap-16">
        <div className="divide-y divide-forest-900/10 border-y border-forest-900/10">
          {questions.map(({ question, answer }) => (
            <details key={question} className="group">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-6 py-4 font-display text-lg text-forest-900 hover:text-forest-700 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDownIcon className="size-5 shrink-0 text-brass-700 transition-transform duration-200 group-open:rotate-180" />
              </summary>
              <p className="pb-6 leading-relaxed text-ink-soft sm:pr-12">{answer}</p>
            </details>
          ))}
        </div>
        <div className="rounded-3xl bg-forest-900 p-6 text-ivory-100 sm:p-8">
          <h3 className="text-2xl text-ivory-50">{QUESTIONS_COPY.askHeading}</h3>
          <p className="mt-3 leading-relaxed text-ivory-100/85">{QUESTIONS_COPY.askText}</p>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row lg:flex-col">
            <a
              href={whatsappHref(facts.whatsapp, OFFER_COPY.whatsappMessage(districtLabel, whatsappRef(district.slug.toUpperCase())))}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-brass"
            >
              <WhatsAppIcon className="size-5" />
              {QUESTIONS_COPY.askWhatsApp}
            </a>
            <a href={telHref(facts.phone)} className="btn-outline-light">
              <PhoneIcon className="size-5" />
              {QUESTIONS_COPY.askCall(facts.phone)}
            </a>
          </div>
        </div>
      </div>
      <JsonLd data={faqPageJsonLd(questions)} />
    </Section>
  );
}
