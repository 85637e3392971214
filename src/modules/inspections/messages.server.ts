import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { phoneChannelOn } from '@/modules/leads/server';
import { queueMessages } from '@/modules/messaging/server';
import { getEnv } from '@/lib/env.server';
import {
  bookingsForMessages,
  outboxMessagesOf,
  withdrawReminders,
  withdrawWaitingNews,
  type NewMessage,
} from './messages.repository.server';

/**
 * What a change to a booking tells the buyer, its agent and the owners, queued in the change's own transaction
 * (docs/decisions/0391): `booked` (confirmed), `waiting` (on the waiting list), `promoted` (a seat came free),
 * `moved`, `cancelled`, `called_off` (an owner called the slot off).
 */
export type InspectionEvent = { kind: 'booked' | 'waiting' | 'promoted' | 'moved' | 'cancelled' | 'called_off'; bookingId: string };

/**
 * When a move's news goes (docs/decisions/0401): INSPECTION_MESSAGE_MERGE_MINUTES after the first move, and a move
 * made while that news still waits withdraws it and is told in one message at the same time (the sender reads the
 * booking as it is then). A booking moved over and over never gets more than one "moved" e-mail per period.
 */
async function movedNewsDue(tx: Db, bookingId: string, now: Date): Promise<Date> {
  const waiting = await withdrawWaitingNews(tx, bookingId, 'moved', now);
  return waiting ?? new Date(now.getTime() + getEnv().INSPECTION_MESSAGE_MERGE_MINUTES * 60_000);
}

/** The reminders before an inspection, and how long before it each goes. */
export const REMINDERS = [
  { kind: 'reminder_24h', hoursBefore: 24 },
  { kind: 'reminder_2h', hoursBefore: 2 },
] as const;

/**
 * A slot is nearly full, and its owners hear of it once, when this share of its seats is taken: early enough to add a
 * second bus or another slot before buyers are turned away (docs/decisions/0391).
 */
export const NEARLY_FULL_SHARE = 0.8;
export const nearlyFull = (seatsTaken: number, seats: number) => seatsTaken >= Math.ceil(seats * NEARLY_FULL_SHARE);

/**
 * Runs in the change's transaction (src/modules/inspections/inspections.server.ts), after the bookings changed:
 * queues each message in the one outbox (docs/decisions/0410: a row and its job, a reminder's job starting at its
 * time), so the change and its messages commit together. The buyer hears of every
 * change by e-mail (a walk-in has no address: nothing); a confirmed booking gets its reminders, 24 and 2 hours before
 * (those already past are skipped), by e-mail and, when WhatsApp or SMS is on, to the buyer's phone; a move or a cancel withdraws the reminders no longer true (the sender checks again
 * at its time); a new booking alerts its lead's agent (push and e-mail); a slot crossing NEARLY_FULL_SHARE alerts the
 * owners once. The jobs carry the rows' ids only.
 */
export async function queueInspectionMessages(tx: Db, jobs: PgBoss, events: InspectionEvent[], now: Date): Promise<void> {
  if (!events.length) return;
  const bookings = await bookingsForMessages(
    tx,
    events.map((event) => event.bookingId),
  );
  const rows: NewMessage[] = [];
  for (const event of events) {
    const booking = bookings.get(event.bookingId);
    if (!booking) continue;
    const confirmed = booking.state === 'confirmed';
    if (event.kind === 'moved' || event.kind === 'cancelled' || event.kind === 'called_off')
      await withdrawReminders(
        tx,
        booking.id,
        event.kind === 'moved' && confirmed ? { slotId: booking.slotId, startsAt: booking.startsAt } : null,
        now,
      );
    const about = { bookingId: booking.id, leadId: booking.leadId, slotId: booking.slotId, aboutStartsAt: booking.startsAt };
    if (booking.leadId) {
      rows.push({
        ...about,
        kind: event.kind,
        channel: 'email',
        dueAt: event.kind === 'moved' ? await movedNewsDue(tx, booking.id, now) : now,
      });
      if (confirmed && (event.kind === 'booked' || event.kind === 'promoted' || event.kind === 'moved')) {
        // By e-mail, and to the buyer's phone when WhatsApp or SMS is on (docs/decisions/0397): a reminder read on the road.
        const channels = phoneChannelOn() ? (['email', 'phone'] as const) : (['email'] as const);
        for (const reminder of REMINDERS) {
          const dueAt = new Date(booking.startsAt.getTime() - reminder.hoursBefore * 3_600_000);
          if (dueAt > now) for (const channel of channels) rows.push({ ...about, kind: reminder.kind, channel, dueAt });
        }
      }
      if (event.kind === 'booked' || event.kind === 'waiting') {
        rows.push({ ...about, kind: 'agent_alert', channel: 'email', dueAt: now });
        rows.push({ ...about, kind: 'agent_alert', channel: 'push', dueAt: now });
      }
    }
    if (confirmed && event.kind !== 'cancelled' && event.kind !== 'called_off' && nearlyFull(booking.seatsTaken, booking.seats)) {
      for (const channel of ['email', 'push'] as const)
        rows.push({
          bookingId: null,
          leadId: null,
          slotId: booking.slotId,
          aboutStartsAt: booking.startsAt,
          kind: 'slot_filling',
          channel,
          dueAt: now,
        });
    }
  }
  // One message per key in a statement (one change may name a slot filling up twice).
  const messages = [...new Map(outboxMessagesOf(rows).map((message) => [message.dedupeKey, message])).values()];
  await queueMessages(tx, jobs, messages, { now });
}
