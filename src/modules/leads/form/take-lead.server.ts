import 'server-only';
import { holdLead, storeLead, takeLead, wakeLeadSenders, type FloodAlert } from '../operations.server';
import { findKeyHolder, isSetAside } from '../submissions.repository.server';
import { getDatabase } from '@/lib/db/client';
import { transactionRetried } from '@/lib/db/conflicts';
import { getEnv } from '@/lib/env.server';
import { clientIdentityOf } from '@/lib/http/client.server';
import { KeyReusedElsewhere, type PublicSubmission } from '@/lib/http/public-route.server';
import { RateLimited } from '@/lib/http/rate-limit.server';
import {
  countOnClient,
  giveBackSitePlace,
  holdBackSince,
  holdReason,
  leadLimits,
  NETWORK_HOLD_BACK_SECONDS,
  networkOf,
  readLimits,
  takeSitePlace,
} from './flood.server';
import type { InterestInput } from './schema';
import { newLead } from './submission.server';

export interface TakenLead {
  id: string;
  /** false: the same form again (its idempotency key was taken), nothing new stored. */
  created: boolean;
  /** Kept for review (spam) or held in a flood, now or when first stored: nobody is told of it, and it books nothing. */
  setAside: boolean;
}

/**
 * A form without scripts sent again: its key is made from what was typed (docs/decisions/0404), which anyone who knows
 * those details can make, so the repeat is answered plainly: never with the lead's links, and it books nothing.
 */
export const repeatOfTypedForm = (taken: TakenLead, submission: { keyFromForm: boolean }) => !taken.created && submission.keyFromForm;

/**
 * A lead's whole path from a visitor's form, in order: the Submit Interest popup and a new visitor's inspection booking
 * take it alike, so a lead is limited, stored, held in a flood, assigned and notified the same way from either.
 * Throws RateLimited (publicForm answers 429); its transaction commits before this returns.
 */
export async function takeVisitorLead(
  { request, input, idempotencyKey, idempotencyBinding }: PublicSubmission<InterestInput>,
  alertOwnersOfFlood: FloodAlert,
): Promise<TakenLead> {
  const env = getEnv();
  const database = await getDatabase();
  const { db } = database;
  const client = await clientIdentityOf(db, request);
  const networkHash = networkOf(client);
  const lead = {
    ...newLead(input, { idempotencyKey, clientHash: client.hash, networkHash, minFillMs: env.MIN_FILL_MS }),
    idempotencyBinding,
  };
  // A repeat is answered with the lead its key stored only when it brings what the key was tied to (the same body, and
  // for a form without scripts the same client): someone who learnt or worked out the key gets a 409, not that lead.
  const repeated = async (key: string) => {
    const holder = await findKeyHolder(db, key);
    if (!holder) return undefined;
    if (holder.binding === null || holder.binding !== idempotencyBinding) throw new KeyReusedElsewhere();
    return holder.id;
  };

  // Limits: the client's own (its address or /64, and the /56 and /48 around it; spam counts too) refuse with 429.
  // Past the site-wide rate, or from a block of addresses already sending, a lead is held instead: stored and
  // answered as usual, nobody notified until an owner releases it. A bot's spam is neither held nor refused by them.
  const limits = leadLimits(client, env);
  const read = lead.spam ? undefined : await readLimits(db, limits);
  if (read?.usedUp) {
    // A retry of a form already stored still gets its lead, never a refusal.
    const stored = idempotencyKey ? await repeated(idempotencyKey) : undefined;
    if (stored) return { created: false, id: stored, setAside: await isSetAside(db, stored) };
    throw new RateLimited(read.usedUp.retryAfterSeconds);
  }

  // The queue is started first: on PGlite it shares the one connection the transaction below holds.
  const jobs = lead.spam ? undefined : await database.jobs();

  // Its place in the site-wide window, before its transaction and in a statement of its own: concurrent leads never
  // take more than the rate, and none waits for another's commit. Without a place the lead is held; a lead its block
  // holds anyway takes none, so a block's flood never uses up the rate of buyers elsewhere.
  const place = read && !read.siteFull && !read.networkBusy ? await takeSitePlace(db, limits) : undefined;

  // Store, assign, queue the messages: one transaction, so the lead, its agent and its sales e-mail, receipt,
  // webhook and push alert commit together or not at all; run again should PostgreSQL roll it back to break a deadlock
  // with other work on the same rows (the summaries' triggers, the senders marking messages sent).
  const stored = await transactionRetried(db, async (tx) => {
    const row = await storeLead(tx, lead);
    // A repeat of a stored form (its key is taken) costs no limit and stores nothing.
    if (!row) return undefined;
    const counts = await countOnClient(tx, limits);
    // Spam is kept for review, and nobody is told of it.
    if (!read || !jobs) return { row, takenAsUsual: false };
    // Held: owners hear of the flood once, nobody of the lead. A block's flood also holds the block's earlier leads
    // whose messages still wait (below): its first came before anything told it from a buyer's.
    const held = holdReason(counts, place);
    if (held) {
      // First the alert: it asks whether a flood was already going on, before this one's leads count as held.
      await alertOwnersOfFlood(tx, jobs, row.id);
      await holdLead(tx, row.id, held === 'network' ? { hash: networkHash!, since: holdBackSince() } : undefined);
      return { row, takenAsUsual: false };
    }
    // Taken as usual: the agent first (round-robin), so the sales e-mail goes to them too, then the messages. From an
    // IPv6 block, the messages wait a few seconds, in case the block's flood is only beginning.
    await takeLead(tx, row, jobs, { afterSeconds: networkHash ? NETWORK_HOLD_BACK_SECONDS : 0 });
    return { row, takenAsUsual: true };
  }).catch(async (error: unknown) => {
    await giveBackSitePlace(db, place);
    throw error;
  });
  // A lead not taken as usual after all (a repeat, spam, held) gives its place back.
  if (!stored?.takenAsUsual) await giveBackSitePlace(db, place);

  // This process's senders fetch the new lead's messages at once (other instances find them within a second).
  if (stored?.takenAsUsual && jobs) wakeLeadSenders(jobs);

  if (stored) return { created: true, id: stored.row.id, setAside: !stored.takenAsUsual };
  const id = idempotencyKey ? await repeated(idempotencyKey) : undefined;
  if (!id) throw new Error('Lead insert conflicted but no lead holds the idempotency key.');
  return { created: false, id, setAside: await isSetAside(db, id) };
}
