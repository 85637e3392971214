import { INSPECTION_COPY, bookingForName } from '@/content/inspections';
import type { BuyerBooking } from '@/modules/inspections/buyer.repository.server';
import { KindBadge, SlotWhen, SlotWhere } from './SlotFacts';

const copy = INSPECTION_COPY.booking;

/** A booking's facts at a glance: the kind, when (Lagos, and abroad for a video tour), where, and for whom. */
export function BookingCard({ booking }: { booking: BuyerBooking }) {
  const { slot } = booking;
  return (
    <div className="rounded-3xl bg-forest-900 p-6 text-ivory-100 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <KindBadge kind={slot.kind} />
        {booking.fullName ? (
          <p className="text-sm text-ivory-100/85">
            {copy.bookingFor(bookingForName(booking.title, booking.fullName))} · {copy.party(booking.partySize)}
          </p>
        ) : null}
      </div>
      <dl className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <dt className="eyebrow-light">{copy.when}</dt>
          <dd className="mt-2 [&_.text-forest-900]:text-ivory-50 [&_.text-ink]:text-ivory-100 [&_.text-ink-soft]:text-ivory-100/80">
            <SlotWhen slot={slot} />
          </dd>
        </div>
        <div>
          <dt className="eyebrow-light">{copy.where}</dt>
          <dd className="mt-2 [&_.text-ink-soft]:text-ivory-100/85 [&_a]:text-brass-300">
            {slot.kind === 'video' ? <p className="text-sm text-ivory-100/85">{copy.videoWhere}</p> : <SlotWhere slot={slot} />}
          </dd>
        </div>
      </dl>
    </div>
  );
}
