import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import type { LimitRefusal } from './booking-limits.server';
import type { SlotView } from './inspections.repository.server';

/**
 * The fields every inspection form shares (book as a new visitor, book from a link, move): which slot, how many people,
 * and whether to wait when it is full. From JSON or from a form the browser posted (all text), one reading.
 */

/** How many people one booking brings: the buyer and up to three (family, a lawyer, a surveyor). */
export const PARTY_SIZES = [1, 2, 3, 4] as const;

export const slotField = z.uuid({ error: INSPECTION_ERRORS.slot }).transform((id) => id.toLowerCase());

export const partyField = z.coerce
  .number({ error: INSPECTION_ERRORS.party })
  .int(INSPECTION_ERRORS.party)
  .min(1, INSPECTION_ERRORS.party)
  .max(PARTY_SIZES.length, INSPECTION_ERRORS.party);

/** A checkbox ('on') from a form, or a boolean from JSON; absent: no. */
export const waitField = z
  .union([z.boolean(), z.literal('on'), z.literal('1'), z.literal('true')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === '1' || value === 'true');

/** A signed link's token (links.server.ts checks it). */
export const tokenField = z
  .string({ error: INSPECTION_ERRORS.invalidLink })
  .trim()
  .min(1, INSPECTION_ERRORS.invalidLink)
  .max(1000, INSPECTION_ERRORS.invalidLink);

/** A slot as a buyer's answer names it (the next slots with room, after "full"): nothing about who booked. */
export interface PublicSlot {
  id: string;
  startsAt: string;
  kind: SlotView['kind'];
  seatsLeft: number;
}

export const publicSlot = (slot: SlotView): PublicSlot => ({
  id: slot.id,
  startsAt: slot.startsAt.toISOString(),
  kind: slot.kind,
  seatsLeft: Math.max(0, slot.seats - slot.seatsTaken),
});

/** What a buyer reads when a booking limit refuses them (docs/decisions/0401): answered 409. */
export const LIMIT_ERRORS: Record<LimitRefusal, string> = {
  already_booked: INSPECTION_ERRORS.alreadyBooked,
  network_slot: INSPECTION_ERRORS.networkSlot,
  network_seats: INSPECTION_ERRORS.networkSeats,
};
