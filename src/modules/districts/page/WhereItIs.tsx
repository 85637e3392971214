import { Section } from '@/components/Section';
import { MapPinIcon } from '@/components/icons';
import type { District } from '@/content/districts';
import { LOCATION_COPY } from '@/content/location';
import { directionsHref } from '@/lib/contact-links';
import { LocationMap } from './LocationMap';

/** Where it is: the location map, drive times to the landmarks, and directions in the visitor's own maps app. */
export function WhereItIs({ district, className }: { district: District; className?: string }) {
  const { location } = district;
  return (
    <Section id="where-it-is" heading={LOCATION_COPY.heading} intro={location.setting} className={className}>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1.5fr_1fr] lg:gap-12">
        <figure>
          <div className="overflow-hidden rounded-3xl ring-1 ring-forest-900/10">
            <LocationMap district={district} routes={location.routes} />
          </div>
          <figcaption className="mt-3 text-xs leading-relaxed text-ink-soft">{LOCATION_COPY.caption}</figcaption>
        </figure>
        <div>
          <h3 className="eyebrow font-sans">{LOCATION_COPY.legendHeading}</h3>
          <ol className="mt-3 divide-y divide-forest-900/10 border-y border-forest-900/10 text-sm">
            {district.landmarks.items.map((place, index) => (
              <li key={place.name} className="flex items-center gap-3 py-2.5">
                <span
                  className="flex size-[26px] shrink-0 items-center justify-center rounded-full border-[1.5px] border-forest-800 bg-ivory-50 text-[11px] font-semibold text-forest-900"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span className="grow text-forest-900">{place.name}</span>
                <span className="shrink-0 text-ink-soft tabular-nums">{LOCATION_COPY.minutes(place.driveMinutes)}</span>
              </li>
            ))}
          </ol>
          <a href={directionsHref(location.coordinates)} target="_blank" rel="noopener noreferrer" className="btn-primary mt-7">
            <MapPinIcon className="size-5" />
            {LOCATION_COPY.directions(district.name)}
          </a>
          <p className="mt-3 text-xs leading-relaxed text-ink-soft">{LOCATION_COPY.directionsNote}</p>
        </div>
      </div>
    </Section>
  );
}
