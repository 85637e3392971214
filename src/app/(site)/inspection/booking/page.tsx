import type { Metadata } from 'next';
import { CalendarIcon, CheckIcon, WhatsAppIcon } from '@/components/icons';
import { DISTRICTS } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { getSiteFacts } from '@/lib/site-facts.server';
import { INSPECTION_PATHS, slugOfDistrict } from '@/modules/leads';
import { bookingOfLink } from '@/modules/inspections/server';
import { lagosWhen } from '@/modules/inspections';
import { whatsappHref } from '@/lib/contact-links';
import { getDatabase } from '@/lib/db/client';
import { BadLink } from '@/modules/inspections/ui';
import { BookingCard } from '@/modules/inspections/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: INSPECTION_COPY.booking.metaTitle, robots: { index: false, follow: false } };

const copy = INSPECTION_COPY.booking;

/**
 * GET /inspection/booking?t=<manage token>: the booking's own page, its confirmation. When and where, what to bring,
 * the agent and their WhatsApp, the calendar file, and the way to move or cancel it. The link names the booking only.
 */
export default async function InspectionBookingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t.trim() : undefined;
  const found = await bookingOfLink((await getDatabase()).db, token);
  if (!found.ok) return <BadLink problem={found.problem} />;
  const { booking } = found;
  const { slot } = booking;
  const facts = getSiteFacts();
  const district = DISTRICTS.find((d) => d.choice === slot.district) ?? DISTRICTS[0];
  const cancelled = booking.state === 'cancelled' || slot.cancelledAt !== null;
  const heading = cancelled ? copy.cancelledHeading : booking.state === 'waiting' ? copy.waitingHeading : copy.confirmedHeading;
  const when = `${lagosWhen(slot.startsAt, INSPECTION_COPY.book.lagosZone)}`;

  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="booking-heading">
      <p className="eyebrow">
        {district.name} · {district.area}, {district.city}
      </p>
      <div className="mt-3 flex items-center gap-4">
        {!cancelled && booking.state === 'confirmed' ? (
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
            <CheckIcon className="size-6" />
          </span>
        ) : null}
        <h1 id="booking-heading" className="text-4xl sm:text-5xl">
          {heading}
        </h1>
      </div>
      {cancelled ? (
        <p className="mt-4 text-lg text-ink-soft">{copy.cancelledText}</p>
      ) : booking.state === 'waiting' ? (
        <p className="mt-4 text-lg text-ink-soft">{copy.waitingText}</p>
      ) : null}

      <div className="mt-8">
        <BookingCard booking={booking} />
      </div>

      {cancelled ? (
        <div className="mt-8">
          <a href={INSPECTION_PATHS.book(slugOfDistrict(slot.district))} className="btn-primary">
            {copy.bookAgain}
          </a>
        </div>
      ) : (
        <>
          {slot.kind === 'video' && slot.videoUrl && booking.state === 'confirmed' ? (
            <a href={slot.videoUrl} target="_blank" rel="noopener noreferrer" className="btn-brass mt-6">
              {copy.joinVideo}
            </a>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={INSPECTION_PATHS.calendar(token!)} download={INSPECTION_COPY.calendar.fileName} className="btn-primary">
              <CalendarIcon className="size-5" />
              {copy.addToCalendar}
            </a>
            <a href={INSPECTION_PATHS.change(token!)} className="btn-outline">
              {copy.change}
            </a>
          </div>

          <div className="mt-12 grid gap-8 sm:grid-cols-2">
            <div>
              <h2 className="text-2xl">{copy.bring}</h2>
              <ul className="mt-4 space-y-3 text-ink-soft">
                {copy.bringItems.map((item) => (
                  <li key={item} className="flex gap-3">
                    <CheckIcon className="mt-1 size-4 shrink-0 text-brass-700" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-3xl bg-ivory-100 p-6 ring-1 ring-forest-900/5">
              <h2 className="text-2xl">{copy.agent}</h2>
              <p className="mt-3 font-display text-xl text-forest-900">{slot.agentName ?? copy.salesTeam}</p>
              <p className="mt-1 text-sm text-ink-soft">{facts.phone}</p>
              <a
                href={whatsappHref(facts.whatsapp, copy.whatsappMessage(when))}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-outline mt-5"
              >
                <WhatsAppIcon className="size-5" />
                {copy.whatsapp}
              </a>
            </div>
          </div>
          <p className="mt-10 text-sm text-ink-soft">{copy.emailNote}</p>
        </>
      )}
    </section>
  );
}
