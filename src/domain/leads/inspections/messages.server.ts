import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';

/**
 * What a change to a booking tells the buyer, its agent and the owners, queued in the change's own transaction
 * (docs/decisions/0391): `booked` (confirmed), `waiting` (on the waiting list), `promoted` (a seat came free),
 * `moved`, `cancelled`, `called_off` (an owner called the slot off).
 */
export type InspectionEvent = { kind: 'booked' | 'waiting' | 'promoted' | 'moved' | 'cancelled' | 'called_off'; bookingId: string };

// IN PROGRESS (this session): the confirmation e-mail, reminders and alerts are queued here.
export async function queueInspectionMessages(_tx: Db, _jobs: PgBoss, _events: InspectionEvent[], _now: Date): Promise<void> {}
