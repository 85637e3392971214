import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { lockKeysInOrder } from '@/lib/db/conflicts';
import { getEnv } from '@/lib/env.server';
import type { ClientIdentity } from '@/lib/http/client.server';
import { clientCounter, clientCounters, countRequests } from '@/lib/http/rate-limit.server';
import { queueMessages } from '@/modules/messaging/server';
import { contactHasOtherBooking, contactOfLead, networksOfSlot, seatsOfNetwork } from './inspections.repository.server';
import { activeOwners } from './messages.repository.server';

/**
 * What a buyer's booking from the site may take (docs/decisions/0401-inspection-seats-and-booking-messages.md), so a
 * few networks with a script cannot empty the calendar: one booking still to come per phone number and per e-mail
 * address (whichever lead they came with), at most INSPECTION_NETWORK_SHARE percent of a slot's seats from one client
 * network (never all of them: a carrier's NAT puts many real buyers behind one address), and at most
 * INSPECTION_NETWORK_SEATS seats still to come from one network over every slot together. Owners hear when a slot
 * fills from INSPECTION_FEW_NETWORKS networks or fewer. Staff's bookings pass none of this.
 */

/** Why a buyer's booking is refused by these limits. */
export type LimitRefusal = 'already_booked' | 'network_slot' | 'network_seats';

/** The booker of a change from the site: the widest network of their client, which the seats are counted by. */
export interface BuyerGuard {
  networkHash: string;
}

/**
 * The network a client's seats count under: its IPv6 /48 (so every /56 and /64 in it count together, as the sign-in
 * and lead limits count them), or its IPv4 address (an IPv4 network would be a whole town behind a carrier).
 */
export const bookingNetworkOf = (client: ClientIdentity): BuyerGuard => ({
  networkHash: client.networks.find((network) => network.prefix === 48)?.hash ?? client.hash,
});

/**
 * Takes, in the booking's transaction and after its lead's row, the locks of its network, phone and e-mail (in one
 * order), so two bookings racing from one network or with one phone are counted one after the other.
 */
export async function lockBuyerKeys(
  tx: Db,
  leadId: string,
  guard: BuyerGuard,
): Promise<{ phone: string; email: string | null } | undefined> {
  const contact = await contactOfLead(tx, leadId);
  const keys = [`inspection-network:${guard.networkHash}`];
  if (contact) keys.push(`inspection-phone:${contact.phone}`, ...(contact.email ? [`inspection-email:${contact.email}`] : []));
  await lockKeysInOrder(tx, keys);
  return contact;
}

/** A new booking whose phone or e-mail already has one still to come (under another lead) is refused. */
export async function contactRefusal(
  tx: Db,
  leadId: string,
  contact: { phone: string; email: string | null } | undefined,
  now: Date,
): Promise<LimitRefusal | undefined> {
  return contact && (await contactHasOtherBooking(tx, leadId, contact, now)) ? 'already_booked' : undefined;
}

/** The most seats of a slot of `seats` one network may hold: its share, rounded down, and never none. */
export const networkShareOf = (seats: number, percent = getEnv().INSPECTION_NETWORK_SHARE) =>
  Math.max(1, Math.floor((seats * percent) / 100));

/** Whether `partySize` more seats (a booking or its waiting place) from this network go past its share or its total. */
export async function networkRefusal(
  tx: Db,
  guard: BuyerGuard,
  request: { slotId: string; seats: number; partySize: number; except?: string },
  now: Date,
): Promise<LimitRefusal | undefined> {
  const held = await seatsOfNetwork(tx, guard.networkHash, { slotId: request.slotId, except: request.except, now });
  if (held.onSlot + request.partySize > networkShareOf(request.seats)) return 'network_slot';
  if (held.upcoming + request.partySize > getEnv().INSPECTION_NETWORK_SEATS) return 'network_seats';
  return undefined;
}

/** To one owner: the slot `slotId` filled from `networks` client networks. */
export interface SlotNetworksAlertJob {
  kind: 'slot_networks';
  slotId: string;
  networks: number;
  to: string;
}

/**
 * After a buyer's seat is confirmed: when the slot is now full and its buyers' seats came from
 * INSPECTION_FEW_NETWORKS networks or fewer (and they are at least half of it), every active owner gets one e-mail,
 * once per slot (the job's id is made from the slot and the owner): a script, or one office booking for many.
 */
export async function alertOwnersIfFewNetworks(tx: Db, jobs: PgBoss, slot: { id: string; seats: number }): Promise<void> {
  const { seatsTaken, networks, networkedSeats } = await networksOfSlot(tx, slot.id);
  if (seatsTaken < slot.seats || networks > getEnv().INSPECTION_FEW_NETWORKS || networkedSeats * 2 < slot.seats) return;
  const owners = await activeOwners(tx);
  // An owner's alert of the one outbox, as the system module queues its own (ownerAlertMessage; docs/decisions/0410):
  // once per slot and owner, sent by the system module's sender.
  if (!owners.length) return;
  await queueMessages(
    tx,
    jobs,
    owners.map((owner) => ({
      subjectType: 'owner',
      subjectId: owner.id,
      leadId: null,
      kind: 'slot_networks',
      channel: 'email',
      dedupeKey: `owner:${slot.id}:slot_networks:${owner.id}`,
      payload: { kind: 'slot_networks', slotId: slot.id, networks, to: owner.id } satisfies SlotNetworksAlertJob,
    })),
  );
}

/**
 * Counts one change from a buyer's link (book-by-link, move, cancel: docs/decisions/0401) against the client's limits
 * (RATE_LIMIT_INSPECTION_CHANGE for its address or /64, _56 and _48 for the networks around it, as the sign-in counts)
 * and the booking's (RATE_LIMIT_INSPECTION_CHANGE_BOOKING, per lead whatever the client), so a link submitted over and
 * over neither churns seats nor floods the buyer's inbox. Throws RateLimited past any (the public form answers 429).
 * Returns the client's guard, which its booking is then counted by.
 */
export async function countBuyerChange(db: Db, client: ClientIdentity, leadId: string, now: number = Date.now()): Promise<BuyerGuard> {
  const env = getEnv();
  const limits = {
    own: env.RATE_LIMIT_INSPECTION_CHANGE,
    56: env.RATE_LIMIT_INSPECTION_CHANGE_56,
    48: env.RATE_LIMIT_INSPECTION_CHANGE_48,
  };
  await countRequests(
    db,
    [
      ...clientCounters('inspection-change', client, limits),
      clientCounter('inspection-change:booking', `lead:${leadId}`, env.RATE_LIMIT_INSPECTION_CHANGE_BOOKING),
    ],
    now,
  );
  return bookingNetworkOf(client);
}
