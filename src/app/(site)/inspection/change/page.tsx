import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { WhatsAppIcon } from '@/components/icons';
import { INSPECTION_COPY } from '@/content/inspections';
import { getSiteFacts } from '@/lib/site-facts.server';
import { INSPECTION_PATHS, slugOfDistrict } from '@/modules/leads';
import { bookingOfLink, slotsToBook } from '@/modules/inspections/server';
import { lagosWhen } from '@/modules/inspections';
import { telHref, whatsappHref } from '@/lib/contact-links';
import { FORM_FLASH_HEADER } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { BadLink } from '@/modules/inspections/ui';
import { BookingCard } from '@/modules/inspections/ui';
import { SlotChoices } from '@/modules/inspections/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: INSPECTION_COPY.change.metaTitle, robots: { index: false, follow: false } };

const copy = INSPECTION_COPY.change;

/**
 * GET /inspection/change?t=<manage token>: move or cancel a booking without signing in, up to the owners' cut-off. Two
 * plain forms that post; opening the page changes nothing. After the cut-off: call or WhatsApp the agent.
 */
export default async function InspectionChangePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t.trim() : undefined;
  const { db } = await getDatabase();
  const found = await bookingOfLink(db, token);
  if (!found.ok) return <BadLink problem={found.problem} />;
  const { booking, changeable, cutoffHours } = found;
  const { slot } = booking;
  const facts = getSiteFacts();
  const flashToken = (await headers()).get(FORM_FLASH_HEADER);
  const flash = flashToken ? await openFormFlash(db, flashToken) : undefined;
  const cancelled = booking.state === 'cancelled' || slot.cancelledAt !== null;
  const slots = changeable ? await slotsToBook(db, slot.district) : [];
  const who = slot.agentName ?? INSPECTION_COPY.booking.salesTeam.toLowerCase();

  return (
    <section className="container-page max-w-4xl pt-28 pb-24 sm:pt-36" aria-labelledby="change-heading">
      <a href={INSPECTION_PATHS.booking(token!)} className="text-sm font-medium text-forest-800 underline underline-offset-4">
        {copy.back}
      </a>
      <h1 id="change-heading" className="mt-4 text-4xl sm:text-5xl">
        {copy.heading}
      </h1>
      <h2 className="mt-8 eyebrow font-sans">{copy.current}</h2>
      <div className="mt-3">
        <BookingCard booking={booking} />
      </div>

      {flash?.error ? (
        <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {flash.error}
        </p>
      ) : null}

      {cancelled ? (
        <div className="mt-8">
          <p className="text-lg text-ink-soft">{INSPECTION_COPY.booking.cancelledText}</p>
          <a href={INSPECTION_PATHS.book(slugOfDistrict(slot.district))} className="btn-primary mt-6">
            {INSPECTION_COPY.booking.bookAgain}
          </a>
        </div>
      ) : !changeable ? (
        <div className="mt-8 rounded-3xl bg-ivory-100 p-6 ring-1 ring-forest-900/5 sm:p-8">
          <h2 className="text-2xl">{copy.tooLateHeading}</h2>
          <p className="mt-3 leading-relaxed text-ink-soft">{copy.tooLate(cutoffHours, who)}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href={whatsappHref(
                facts.whatsapp,
                INSPECTION_COPY.booking.whatsappMessage(lagosWhen(slot.startsAt, INSPECTION_COPY.book.lagosZone)),
              )}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary"
            >
              <WhatsAppIcon className="size-5" />
              {INSPECTION_COPY.booking.whatsapp}
            </a>
            <a href={telHref(facts.phone)} className="btn-outline">
              {copy.call}: {facts.phone}
            </a>
          </div>
        </div>
      ) : (
        <>
          <form
            method="post"
            action={INSPECTION_PATHS.api.move}
            className="mt-10 rounded-3xl border border-forest-900/10 bg-ivory-50 p-5 shadow-sm sm:p-8"
            aria-labelledby="move-heading"
          >
            <h2 id="move-heading" className="text-2xl">
              {copy.moveHeading}
            </h2>
            <input type="hidden" name="t" value={token} />
            <div className="mt-5">
              <SlotChoices
                slots={slots}
                chosen={flash?.values.slot ?? slot.id}
                party={Number(flash?.values.party) || booking.partySize}
                wait
                idPrefix="move"
              />
            </div>
            <button type="submit" className="btn-primary mt-8 w-full sm:w-auto sm:min-w-64">
              {copy.move}
            </button>
          </form>
          <form
            method="post"
            action={INSPECTION_PATHS.api.cancel}
            className="mt-8 rounded-3xl bg-ivory-100 p-6 ring-1 ring-forest-900/5 sm:p-8"
            aria-labelledby="cancel-heading"
          >
            <h2 id="cancel-heading" className="text-2xl">
              {copy.cancelHeading}
            </h2>
            <p className="mt-2 text-ink-soft">{copy.cancelText}</p>
            <input type="hidden" name="t" value={token} />
            <button type="submit" className="btn-outline mt-5 border-red-800/40 text-red-900">
              {copy.cancel}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
