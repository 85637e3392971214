import Link from 'next/link';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import type { StaffBooking } from '@/modules/inspections/inspections.repository.server';
import { bookingSource, personLinks, slotDay, slotTime } from '../format';
import { MAX_WALK_IN_PARTY } from '../schema';
import type { StaffSlot } from '../slots.server';
import { PostForm } from './PostForm';

const copy = INSPECTIONS_STAFF_COPY;

const STATE_STYLES: Record<string, string> = {
  confirmed: 'bg-forest-100 text-forest-900',
  waiting: 'bg-brass-300/40 text-forest-950',
  cancelled: 'bg-ivory-200 text-ink-soft line-through decoration-ink-soft/40',
};

export function Chip({ children, className = 'bg-ivory-100 text-forest-900' }: { children: React.ReactNode; className?: string }) {
  return <span className={`chip ${className}`}>{children}</span>;
}

/** Came / No-show as two big buttons (a thumb at the gate), the mark made shown pressed; Undo clears a mistake. */
function Attendance({ booking, name }: { booking: StaffBooking; name: string }) {
  const action = `/api/admin/inspections/bookings/${booking.id}/attendance`;
  const marked = booking.attendance;
  const button = (value: 'came' | 'no_show', label: string) => {
    const on = marked === value;
    // Pressed, the button takes its mark's colours (.attendance-choice in src/app/globals.css).
    return (
      <button
        type="submit"
        name="attendance"
        value={value}
        aria-pressed={on}
        aria-label={`${label}: ${name}`}
        className="attendance-choice"
        data-testid={`attendance-${value}`}
      >
        {on ? <span aria-hidden="true">✓</span> : null}
        {label}
      </button>
    );
  };
  return (
    <div className="mt-3 space-y-2">
      <PostForm action={action} success={copy.markedCame} className="flex gap-2" label={`${copy.markCame} / ${copy.markNoShow}: ${name}`}>
        {button('came', copy.markCame)}
        {button('no_show', copy.markNoShow)}
      </PostForm>
      {marked ? (
        <PostForm action={action} success={copy.markCleared}>
          <button type="submit" name="attendance" value="none" className="attendance-undo">
            {copy.undo}
          </button>
        </PostForm>
      ) : null}
    </div>
  );
}

/** One booking cancelled by staff (a fake one, a buyer who called): asked first; the buyer is told, the line moves up. */
function CancelBooking({ booking, name }: { booking: StaffBooking; name: string }) {
  return (
    <PostForm
      action={`/api/admin/inspections/bookings/${booking.id}/cancel`}
      success={copy.bookingCancelled}
      confirm={copy.cancelBookingConfirm(name)}
      className="mt-3"
    >
      <button type="submit" aria-label={copy.cancelBookingOf(name)} className="booking-cancel" data-testid="cancel-booking">
        {copy.cancelBooking}
      </button>
    </PostForm>
  );
}

function BookingRow({
  booking,
  markable,
  cancellable = false,
  sender,
}: {
  booking: StaffBooking;
  markable: boolean;
  /** The reader may cancel it: the inspection is still to come, and they run it or the lead is theirs to change. */
  cancellable?: boolean;
  sender: { agent: string; brand: string };
}) {
  const walkIn = booking.leadId === null;
  const name = (walkIn ? booking.walkInName : booking.fullName) ?? '';
  const phone = (walkIn ? booking.walkInPhone : booking.phoneRaw) ?? '';
  const links = personLinks({ phone, phoneE164: booking.phoneE164, title: booking.title, name, district: booking.district }, sender);
  return (
    <li className="booking" data-testid="inspection-booking">
      <div className="booking-head">
        <div className="min-w-0">
          <p className="booking-name">
            {walkIn ? (
              name
            ) : (
              <Link href={`/admin/leads/${booking.leadId}`}>
                {booking.title ? `${booking.title} ` : ''}
                {name}
              </Link>
            )}
          </p>
          <p className="booking-meta">
            <span>{copy.party(booking.partySize)}</span>
            <span aria-hidden="true">·</span>
            <span className="wrap-anywhere">{walkIn ? copy.walkIn : `${copy.source}: ${bookingSource(booking)}`}</span>
          </p>
        </div>
        <div className="booking-chips">
          <Chip className={STATE_STYLES[booking.state]}>{copy.states[booking.state]}</Chip>
          {booking.attendance && !markable ? (
            <Chip className={booking.attendance === 'came' ? 'bg-forest-800 text-ivory-50' : 'bg-[#f7e4d9] text-[#7a3418]'}>
              {copy.attendance[booking.attendance]}
            </Chip>
          ) : null}
        </div>
      </div>
      {phone && booking.state !== 'cancelled' ? (
        <div className="booking-contact">
          <a href={links.tel} className="booking-call" aria-label={`${copy.callPerson(name)}: ${phone}`}>
            {phone}
          </a>
          {links.whatsapp ? (
            <a
              href={links.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="booking-whatsapp"
              aria-label={copy.whatsappPerson(name)}
            >
              {copy.whatsapp}
            </a>
          ) : null}
        </div>
      ) : null}
      {markable && booking.state === 'confirmed' ? <Attendance booking={booking} name={name} /> : null}
      {cancellable && booking.state !== 'cancelled' ? <CancelBooking booking={booking} name={name} /> : null}
    </li>
  );
}

/**
 * One inspection: when, what kind, where or which link, who leads, its seats and waiting list, and its bookings, each
 * markable as came or no-show from the day on; walk-ins added there; owners change its seats or call it off.
 */
export function SlotCard({
  slot,
  begun,
  owner,
  sender,
  now,
  wholeHref,
}: {
  slot: StaffSlot;
  now: Date;
  /** The board with this slot drawn whole, for the bookings the card leaves out. */
  wholeHref: string;
  /** Attendance and walk-ins are open (from 12 hours before its start). */
  begun: boolean;
  owner: boolean;
  sender: { agent: string; brand: string };
}) {
  const off = slot.cancelledAt !== null;
  const fill = Math.min(100, Math.round((slot.seatsTaken / slot.seats) * 100));
  const full = slot.seatsTaken >= slot.seats;
  const active = slot.bookings.filter((b) => b.state !== 'cancelled');
  const cancelled = slot.bookings.filter((b) => b.state === 'cancelled');
  const headingId = `slot-${slot.id}-heading`;
  return (
    <article
      id={`slot-${slot.id}`}
      aria-labelledby={headingId}
      className={`scroll-mt-6 overflow-hidden rounded-2xl border bg-white ${off ? 'border-forest-900/10 opacity-80' : 'border-forest-900/10 shadow-[0_1px_0_rgba(18,48,42,0.04)]'}`}
      data-testid="inspection-slot"
    >
      <header className="flex flex-wrap items-start gap-x-5 gap-y-3 border-b border-forest-900/10 bg-ivory-50/60 p-5">
        <div className="flex min-w-20 flex-col items-start">
          <p className="eyebrow">{slotDay(slot.startsAt)}</p>
          <h3 id={headingId} className="mt-1 font-display text-3xl leading-none text-forest-900 tabular-nums">
            {slotTime(slot.startsAt)}
            <span className="sr-only">
              , {slotDay(slot.startsAt)}, {slot.district}
            </span>
          </h3>
        </div>
        <div className="min-w-0 flex-1 space-y-1.5 text-sm">
          <div className="flex flex-wrap gap-1.5">
            <Chip className={slot.kind === 'video' ? 'bg-forest-900 text-ivory-50' : 'bg-forest-100 text-forest-900'}>
              {copy.kinds[slot.kind]}
            </Chip>
            <Chip>{slot.district}</Chip>
            {off ? (
              <Chip className="bg-red-100 text-red-900">{copy.calledOff}</Chip>
            ) : full ? (
              <Chip className="bg-brass-400 text-forest-950">{copy.full}</Chip>
            ) : null}
          </div>
          {slot.kind === 'on_site' && slot.meetingPoint ? (
            <p className="text-ink wrap-anywhere">
              <span className="text-ink-soft">{copy.pickup}: </span>
              {slot.meetingPoint}
              {slot.mapUrl ? (
                <>
                  {' '}
                  <a
                    href={slot.mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brass-700 underline underline-offset-4"
                  >
                    {copy.map}
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {slot.kind === 'video' && slot.videoUrl ? (
            <p>
              <a
                href={slot.videoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brass-700 underline underline-offset-4"
              >
                {copy.videoLink}
              </a>
            </p>
          ) : null}
          <p className="text-ink-soft">{slot.agentName ? copy.leadBy(slot.agentName) : copy.noAgent}</p>
        </div>
        <div className="w-full sm:w-44">
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold text-forest-900 tabular-nums" data-testid="slot-seats">
              {copy.seatsFilled(slot.seatsTaken, slot.seats)}
            </span>
            {slot.waiting > 0 ? <span className="text-brass-700">{copy.waiting(slot.waiting)}</span> : null}
          </p>
          <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-ivory-200" aria-hidden="true">
            <div className={`h-full rounded-full ${full ? 'bg-brass-500' : 'bg-forest-700'}`} style={{ width: `${fill}%` }} />
          </div>
        </div>
      </header>
      <div className="p-5">
        <h4 className="sr-only">{copy.bookings}</h4>
        {active.length === 0 && cancelled.length === 0 ? <p className="text-sm text-ink-soft">{copy.noBookings}</p> : null}
        {active.length ? (
          <ul className="divide-y divide-forest-900/10">
            {active.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                markable={begun && !off}
                cancellable={
                  !off && slot.startsAt > now && (slot.runs || booking.mayChange || (booking.leadId === null && slot.takesWalkIns))
                }
                sender={sender}
              />
            ))}
          </ul>
        ) : null}
        {slot.notDrawn > 0 ? (
          <p className="mt-3">
            <Link
              href={wholeHref}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brass-700 underline underline-offset-4"
              data-testid="slot-all-bookings"
            >
              {copy.notDrawn(slot.notDrawn)}
            </Link>
          </p>
        ) : null}
        {slot.hidden > 0 ? <p className="mt-3 text-sm text-ink-soft">{copy.hiddenBookings(slot.hidden)}</p> : null}
        {cancelled.length ? (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-ink-soft">
              {copy.states.cancelled} ({slot.cancelled})
            </summary>
            <ul className="mt-3 divide-y divide-forest-900/10">
              {cancelled.map((booking) => (
                <BookingRow key={booking.id} booking={booking} markable={false} sender={sender} />
              ))}
            </ul>
          </details>
        ) : null}
        {begun && !off && slot.takesWalkIns ? <WalkInForm slotId={slot.id} /> : null}
        {owner && !off && slot.startsAt > now ? <OwnerActions slot={slot} /> : null}
      </div>
    </article>
  );
}

function WalkInForm({ slotId }: { slotId: string }) {
  const id = `walk-in-${slotId}`;
  return (
    <details className="group mt-5 rounded-xl border border-dashed border-forest-900/20 bg-ivory-50/60">
      <summary className="flex min-h-12 cursor-pointer items-center px-4 text-sm font-semibold text-forest-900">+ {copy.addWalkIn}</summary>
      <PostForm
        action={`/api/admin/inspections/slots/${slotId}/walk-ins`}
        success={copy.walkInAdded}
        resetOnSuccess
        className="grid gap-3 px-4 pb-4 sm:grid-cols-[1fr_1fr_6rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            {copy.walkInName}
          </label>
          <input id={`${id}-name`} name="name" required maxLength={120} autoComplete="off" className="field" />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="field-label">
            {copy.walkInPhone}
          </label>
          <input id={`${id}-phone`} name="phone" type="tel" required maxLength={40} autoComplete="off" className="field" />
        </div>
        <div>
          <label htmlFor={`${id}-party`} className="field-label">
            {copy.walkInParty}
          </label>
          <input
            id={`${id}-party`}
            name="partySize"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_WALK_IN_PARTY}
            defaultValue={1}
            required
            className="field"
          />
        </div>
        <button type="submit" className="btn-primary">
          {copy.add}
        </button>
      </PostForm>
    </details>
  );
}

function OwnerActions({ slot }: { slot: StaffSlot }) {
  const id = `seats-${slot.id}`;
  return (
    <details className="mt-5 border-t border-forest-900/10 pt-4">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-forest-800">{copy.manage}</summary>
      <div className="mt-3 grid gap-5 sm:grid-cols-2">
        <PostForm action={`/api/admin/inspections/slots/${slot.id}/seats`} success={copy.seatsSaved} className="flex items-end gap-3">
          <div className="w-28">
            <label htmlFor={id} className="field-label">
              {copy.seats}
            </label>
            <input
              id={id}
              name="seats"
              type="number"
              inputMode="numeric"
              min={Math.max(1, slot.seatsTaken)}
              max={500}
              defaultValue={slot.seats}
              required
              className="field"
            />
          </div>
          <button type="submit" className="btn-outline">
            {copy.saveSeats}
          </button>
        </PostForm>
        <PostForm
          action={`/api/admin/inspections/slots/${slot.id}/call-off`}
          success={copy.calledOffDone}
          confirm={copy.callOffHint}
          className="space-y-2"
        >
          <p className="text-xs text-ink-soft">{copy.callOffHint}</p>
          <button type="submit" className="btn min-h-11 border border-red-800/30 text-red-900 hover:bg-red-50">
            {copy.callOff}
          </button>
        </PostForm>
      </div>
    </details>
  );
}
