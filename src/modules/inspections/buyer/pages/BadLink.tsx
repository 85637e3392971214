import { DISTRICTS } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { INSPECTION_PATHS } from '@/modules/leads';
import type { LinkProblem } from '@/modules/inspections/buyer/buyer-pages.server';

const copy = INSPECTION_COPY.badLink;

/** A booking link that is forged, expired or names a booking that is gone: what happened, and where to book instead. */
export function BadLink({ problem }: { problem: LinkProblem }) {
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 sm:pt-40" aria-labelledby="bad-link-heading">
      <h1 id="bad-link-heading" className="text-4xl sm:text-5xl">
        {copy.heading}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{copy[problem]}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {DISTRICTS.map((district) => (
          <a key={district.slug} href={INSPECTION_PATHS.book(district.slug)} className="btn-outline">
            {copy.bookAgain}: {district.name}
          </a>
        ))}
      </div>
    </section>
  );
}
