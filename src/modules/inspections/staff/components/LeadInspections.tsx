import Link from 'next/link';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import type { SlotView } from '@/modules/inspections/inspections.repository.server';
import type { InspectionBookingRow } from '@/lib/db/schema';
import { slotLongDay, slotTime } from '../format';
import { Chip } from './SlotCard';

const copy = INSPECTIONS_STAFF_COPY;

const STATE_STYLES: Record<string, string> = {
  confirmed: 'bg-forest-100 text-forest-900',
  waiting: 'bg-brass-300/40 text-forest-950',
  cancelled: 'bg-ivory-200 text-ink-soft',
};

/** The lead page's site inspection: its booking(s), newest first, each with its slot, party, state and attendance. */
export function LeadInspections({ bookings }: { bookings: (InspectionBookingRow & { slot: SlotView })[] }) {
  if (bookings.length === 0) return <p className="mt-4 text-sm text-ink-soft">{copy.lead.none}</p>;
  return (
    <ul className="mt-4 grid gap-3 lg:grid-cols-2">
      {bookings.map((booking) => {
        const { slot } = booking;
        return (
          <li
            key={booking.id}
            className={`rounded-xl p-4 ${booking.state === 'cancelled' ? 'bg-ivory-100/60' : 'bg-ivory-100'}`}
            data-testid="lead-inspection"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-display text-lg leading-snug text-forest-900">
                  {slotLongDay(slot.startsAt)}, {slotTime(slot.startsAt)}
                </p>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {copy.kinds[slot.kind]} · {slot.district} · {copy.party(booking.partySize)}
                  {slot.cancelledAt ? ` · ${copy.calledOff}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-1.5">
                <Chip className={STATE_STYLES[booking.state]}>{copy.states[booking.state]}</Chip>
                {booking.attendance ? (
                  <Chip className={booking.attendance === 'came' ? 'bg-forest-800 text-ivory-50' : 'bg-[#f7e4d9] text-[#7a3418]'}>
                    {copy.attendance[booking.attendance]}
                  </Chip>
                ) : null}
              </div>
            </div>
            {booking.state !== 'cancelled' ? (
              <Link
                href={`/admin/inspections#slot-${slot.id}`}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-forest-800 underline underline-offset-4"
              >
                {copy.lead.open}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
