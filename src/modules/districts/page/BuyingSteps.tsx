import { Section } from '@/components/Section';
import { BUYING_COPY, BUYING_SECTION_ID, type OfferFigures } from '@/content/buying';
import type { District } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { INSPECTION_PATHS } from '@/modules/leads';
import { OrdinalMark } from './OrdinalMark';

/**
 * How buying works: eight steps from enquiry to documents, quoting the district's own figures; then the way to book the
 * site inspection they promise, a plain link to the district's booking page.
 */
export function BuyingSteps({ district, figures, className }: { district: District; figures: OfferFigures; className?: string }) {
  return (
    <Section id={BUYING_SECTION_ID} heading={BUYING_COPY.heading} intro={BUYING_COPY.intro(district)} className={className}>
      <ol className="mt-12 grid gap-x-8 sm:grid-cols-2 lg:grid-cols-4 lg:gap-y-4">
        {BUYING_COPY.steps(district, figures).map((step, index) => (
          <li key={step.title} className="flex gap-5 border-t border-forest-900/10 py-6 lg:flex-col lg:gap-4">
            <OrdinalMark index={index} />
            <div>
              <h3 className="text-xl">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-soft">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col gap-5 rounded-3xl bg-forest-900 p-6 text-ivory-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <p className="max-w-xl leading-relaxed text-ivory-100/85">{INSPECTION_COPY.wayInText}</p>
        <a href={INSPECTION_PATHS.book(district.slug)} className="btn-brass shrink-0">
          {INSPECTION_COPY.bookAction}
        </a>
      </div>
    </Section>
  );
}
