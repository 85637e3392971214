import 'server-only';
import { siteLeadCounter } from '@/modules/leads/operations.server';
import type { Db } from '@/lib/db/client';
import type { ServerEnv } from '@/lib/env.server';
import type { ClientIdentity } from '@/lib/http/client.server';
import {
  clientCounters,
  countRequests,
  readCounters,
  giveBack,
  takeIfRoom,
  type CounterReading,
  type RateCounter,
  type TakenPlace,
} from '@/lib/http/rate-limit.server';
import { logError } from '@/lib/log';

/**
 * A flood is held, not refused (docs/decisions/0343-a-flood-is-held-not-refused.md). A lead past its client's limits
 * (its address or /64, and the /56 and /48 around it) is refused with 429: that is the sender's own doing. Any other
 * lead is stored and answered as usual, but held for an owner (no sales e-mail, receipt or webhook) when
 * - another /64 of its /48 already sent a lead in this window: one home or office does not send from two of its own
 *   networks within minutes, while a flood from a block of IPv6 addresses does nothing else; or
 * - the site already took RATE_LIMIT_INTEREST_SITE leads as usual in this window.
 * So a real buyer from any other network is taken as usual whatever one block of addresses sends.
 */
export interface LeadLimits {
  /** The client's own counter first, then its networks' from the narrowest to the widest. */
  perClient: RateCounter[];
  /** Leads taken as usual from all clients together: held leads do not count. */
  siteWide: RateCounter;
}

export function leadLimits(client: ClientIdentity, env: ServerEnv): LeadLimits {
  return {
    perClient: clientCounters('interest', client, {
      own: env.RATE_LIMIT_INTEREST,
      56: env.RATE_LIMIT_INTEREST_56,
      48: env.RATE_LIMIT_INTEREST_48,
    }),
    siteWide: siteLeadCounter(env),
  };
}

export interface LimitsRead {
  /** The client's counter that is used up (the lead gets 429), if one is. */
  usedUp: CounterReading | undefined;
  /** The site-wide window is full: the lead will be held, without waiting for the window's row. */
  siteFull: boolean;
  /** Another /64 of the client's block already sent in this window: the lead will be held (holdReason). */
  networkBusy: boolean;
}

/**
 * Before any work, one read without counting or locking, so that under a flood neither a refusal nor a held lead
 * queues on a shared counter row, nor takes a place in the site-wide window. The counts in the lead's transaction
 * decide for good.
 */
export async function readLimits(db: Db, limits: LeadLimits): Promise<LimitsRead> {
  const readings = await readCounters(db, [...limits.perClient, limits.siteWide]);
  const site = readings.pop()!;
  return {
    usedUp: readings.find((reading) => !reading.allowed),
    siteFull: !site.allowed,
    networkBusy: othersInNetwork(readings.map((reading) => reading.count)) > 0,
  };
}

/** Of a client's counts (its own first, its networks' from the narrowest to the widest), those of the rest of its block. */
const othersInNetwork = ([own, ...networks]: number[]) => (networks.length ? networks[networks.length - 1] - own : 0);

/** In the lead's transaction: counts it on its client's counters (RateLimited past one). Returns the counts. */
export const countOnClient = (tx: Db, limits: LeadLimits): Promise<number[]> => countRequests(tx, limits.perClient);

/** The block a client's address lies in, for the flood rules: its IPv6 /48 (none for IPv4). */
export const networkOf = (client: ClientIdentity): string | undefined => client.networks.find((network) => network.prefix === 48)?.hash;

/**
 * How long the messages of a lead from an IPv6 block wait before they go: if another /64 of the block sends within
 * it, the flood holds this lead too (nothing told it from a buyer's when it came), and nobody hears of it.
 */
export const NETWORK_HOLD_BACK_SECONDS = 15;

/** The earliest arrival of a lead whose messages may still be waiting (with a margin for a slow commit). */
export const holdBackSince = (now = Date.now()) => new Date(now - 2 * NETWORK_HOLD_BACK_SECONDS * 1000);

/** Why a lead is held: a block of addresses sending (`network`) or the site's rate used up (`site`). */
export type HoldReason = 'network' | 'site';

/**
 * Before the lead's transaction, for a lead that may be taken as usual: its place in the site-wide window, in a
 * statement of its own, or null when the window is full (the lead is held). Concurrent leads never take more than
 * the rate, and none waits for another's transaction to commit, as they did while the place was taken inside it
 * (docs/decisions/0370-a-leads-request-cost.md). A lead not taken as usual after all gives its place back.
 */
export const takeSitePlace = (db: Db, limits: LeadLimits): Promise<TakenPlace | null> => takeIfRoom(db, limits.siteWide);

/**
 * Gives back the place of a lead that was not taken as usual after all (a repeat of a stored form, a held lead, a
 * failed transaction). Should that fail too, the window stays one lead fuller until it ends: it errs on holding.
 */
export async function giveBackSitePlace(db: Db, place: TakenPlace | null | undefined): Promise<void> {
  if (place) await giveBack(db, place).catch((error) => logError('[interest] a site-wide place was not given back', error));
}

/**
 * In the lead's transaction, after countOnClient: whether the lead is held, and why: another /64 of its block sent
 * in this window, or the lead found no place in the site-wide window (`place` null or never asked for).
 */
export function holdReason(counts: number[], place: TakenPlace | null | undefined): HoldReason | undefined {
  if (othersInNetwork(counts) > 0) return 'network';
  if (!place) return 'site';
  return undefined;
}
