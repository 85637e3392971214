import { headers } from 'next/headers';
import { DISTRICTS, type District } from '@/content/districts';
import { INSPECTION_COPY, bookingForName } from '@/content/inspections';
import { INTEREST_COPY } from '@/content/interest';
import { INSPECTION_PATHS, leadFieldValues } from '@/modules/leads';
import { LeadFields } from '@/modules/leads/ui';
import { bookingPageData } from '@/modules/inspections/buyer/buyer-pages.server';
import { FORM_FLASH_HEADER } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { SlotChoices, defaultSlotId } from './SlotChoices';

const copy = INSPECTION_COPY.book;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Where the visit came from, for a new visitor's lead, without scripts: campaign tags on this page's own address, or
 * on the district page the visitor came from (its address is the Referer), else another site that sent them.
 */
function attributionOf(params: SearchParams, referer: string | null, host: string | null): Record<string, string> {
  let from: URL | undefined;
  try {
    from = referer ? new URL(referer) : undefined;
  } catch {
    from = undefined;
  }
  const ours = from && host && from.host === host;
  const tags = new URLSearchParams(ours ? from!.search : '');
  const found: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = one(params[key]) ?? tags.get(key) ?? undefined;
    if (value?.trim()) found[key] = value.trim().slice(0, 300);
  }
  // The landing page is a public page's path and its campaign tags only: never another query (a booking's own
  // page carries its signed link), so nothing but the campaign reaches the lead, its CSV or the CRM.
  if (ours && LANDING_PAGES.includes(from!.pathname)) {
    const campaign = new URLSearchParams(UTM_KEYS.flatMap((key) => (tags.get(key) ? [[key, tags.get(key)!]] : [])));
    found.landing_path = `${from!.pathname}${campaign.size ? `?${campaign}` : ''}`.slice(0, 500);
  } else if (from) found.referrer = referer!.slice(0, 500);
  return found;
}

/** The public pages a visitor lands on before booking: the home page and the district pages. */
const LANDING_PAGES = ['/', ...DISTRICTS.map((d) => d.path)];

/**
 * A district's booking page (/d1/inspection, /d2/inspection), rendered per request: the next four weeks of slots, the
 * party size, and either "Booking for Mrs A. Okafor" (a signed `book` link) or the interest form's fields. Plain form
 * posts; a refused one comes back here with what was chosen and typed, and why.
 */
export async function BookingPage({ district, searchParams }: { district: District; searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const bookToken = one(params.book)?.trim() || undefined;
  const requestHeaders = await headers();
  const flashToken = requestHeaders.get(FORM_FLASH_HEADER);
  const [data, flash] = await Promise.all([
    bookingPageData(district, bookToken),
    flashToken ? getDatabase().then(({ db }) => openFormFlash(db, flashToken)) : undefined,
  ]);
  const booker = data.booker;
  const typed = flash?.values ?? {};
  const chosen = defaultSlotId(data.slots, typed.slot);
  const full = flash ? data.slots.find((s) => s.id === typed.slot && s.seats - s.seatsTaken < Number(typed.party || 1)) : undefined;
  const attribution = booker ? {} : attributionOf(params, requestHeaders.get('referer'), requestHeaders.get('host'));

  return (
    <section className="container-page max-w-4xl pt-28 pb-24 sm:pt-36" aria-labelledby="inspection-heading">
      <p className="eyebrow">{copy.eyebrow(district.area, district.city)}</p>
      <h1 id="inspection-heading" className="mt-3 text-4xl sm:text-5xl">
        {copy.heading}
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-soft">{copy.intro(district.name)}</p>

      {data.slots.length === 0 ? (
        <p className="mt-10 rounded-3xl bg-ivory-100 p-6 text-lg text-forest-900 ring-1 ring-forest-900/5">{copy.noSlots}</p>
      ) : (
        <form
          method="post"
          action={booker ? INSPECTION_PATHS.api.bookByLink : INSPECTION_PATHS.api.bookAsVisitor}
          className="mt-10 rounded-3xl border border-forest-900/10 bg-ivory-50 p-5 shadow-sm sm:p-8"
          aria-labelledby="inspection-heading"
        >
          {flash?.error ? (
            <div role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              {full ? <p className="font-semibold">{copy.fullHeading}</p> : null}
              <p className={full ? 'mt-1' : 'font-medium'}>{flash.error}</p>
            </div>
          ) : null}
          {data.linkProblem ? (
            <div role="alert" className="mb-6 rounded-xl border border-brass-400/60 bg-brass-300/20 px-4 py-3 text-sm text-ink">
              <p className="font-semibold">{copy.linkProblemHeading}</p>
              <p className="mt-1">{copy.bookInstead}</p>
            </div>
          ) : null}
          {booker ? (
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 rounded-2xl bg-forest-900 px-5 py-4 text-ivory-50">
              <p className="font-display text-xl">{copy.bookingFor(bookingForName(booker.title, booker.fullName))}</p>
              <a href={INSPECTION_PATHS.book(district.slug)} className="text-sm text-ivory-100/85 underline underline-offset-4">
                {copy.notYou}
              </a>
              {booker.bookingHref ? (
                <p className="w-full text-sm text-ivory-100/85">
                  {copy.existing}{' '}
                  <a href={booker.bookingHref} className="font-medium text-brass-300 underline underline-offset-4">
                    {copy.existingLink}
                  </a>
                </p>
              ) : null}
            </div>
          ) : null}

          <SlotChoices slots={data.slots} chosen={chosen} party={Number(typed.party) || undefined} wait idPrefix="booking" />

          <input type="hidden" name="page" value={district.slug} />
          {booker ? (
            <input type="hidden" name="book" value={bookToken} />
          ) : (
            <VisitorFields district={district} typed={typed} attribution={attribution} />
          )}

          <div className="mt-8">
            <button type="submit" className="btn-primary w-full sm:w-auto sm:min-w-64">
              {copy.submit}
            </button>
            {!booker ? (
              <p className="mt-3 text-xs text-ink-soft">
                {copy.privacyNote}{' '}
                <a href="/privacy" className="underline underline-offset-2 hover:text-forest-900">
                  {INTEREST_COPY.privacyLink}
                </a>
              </p>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}

/** The lead's fields as the popup has them (name, label, hint, honeypot), for a visitor not yet known; the district is this page's. */
export function VisitorFields({
  district,
  typed,
  attribution,
}: {
  district: District;
  typed: Record<string, string>;
  attribution: Record<string, string>;
}) {
  const districts = [district.choice];
  return (
    <fieldset className="mt-8 border-t border-forest-900/10 pt-6">
      <legend className="sr-only">{copy.detailsLegend}</legend>
      <p aria-hidden="true" className="field-label text-base">
        {copy.detailsLegend}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{copy.detailsIntro}</p>
      <div className="mt-4 grid grid-cols-4 gap-4">
        <LeadFields idPrefix="booking" values={leadFieldValues(typed, districts)} districts={districts} given={['district']} wide />
      </div>
      {Object.entries(attribution).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </fieldset>
  );
}
