import 'server-only';
import { WITHHELD_COPY } from '@/content/notifications';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { hashClient } from '@/lib/http/client.server';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import { normaliseEmail } from '@/lib/validation/email';

/**
 * The one cap on messages to a buyer (docs/decisions/0401-inspection-seats-and-booking-messages.md): at most
 * BUYER_MESSAGES_PER_DAY messages to one e-mail address or one phone number per day (UTC), whatever sends them: the
 * lead's receipt and first reply (src/modules/leads/notifications) and every booking message and reminder
 * (src/modules/inspections/messages). Anyone can type a stranger's address into a form; this bounds what they can
 * make us send to it. Counted by an atomic upsert on a salted hash of the address (never the address itself), at a
 * message's first attempt only, so a retry does not count again. Past the cap the message is skipped, not delayed.
 */

/** Where a message to a buyer goes: an e-mail address, or a phone number (E.164). */
export type BuyerRecipient = { email: string } | { phone: string };

const keyOf = (to: BuyerRecipient) => ('email' in to ? `email:${normaliseEmail(to.email)}` : `phone:${to.phone.replace(/[^\d+]/g, '')}`);

/** Why a message was not sent, as kept on its row. */
export const BUYER_CAP_REACHED = WITHHELD_COPY.buyerCap;

/**
 * Whether one more message may go to `to` now: counts it when it may. `firstAttempt` false (a retry of a message
 * already counted) always may, uncounted.
 */
export async function buyerMessageAllowed(
  db: Db,
  to: BuyerRecipient,
  { firstAttempt }: { firstAttempt: boolean },
  now = Date.now(),
): Promise<boolean> {
  if (!firstAttempt) return true;
  const limit = { count: getEnv().BUYER_MESSAGES_PER_DAY, windowSeconds: 86_400 };
  return (await hitRateLimit(db, 'buyer-message', await hashClient(db, `buyer-message:${keyOf(to)}`), limit, now)).allowed;
}

/**
 * The narrower limits per recipient, kept here with the cap (docs/decisions/0410-one-outbox.md), each counted at a
 * message's first attempt by an atomic upsert keyed by a salted hash of the address or number, in its own bucket:
 * - `receipt`: at most 3 lead receipts to one e-mail address a day, so the form cannot be used to mail a stranger over
 *   and over (leads arriving together cannot slip past it; a retry or a resend does not count again);
 * - `first_reply`: at most 2 first replies to one number a day (the same, at the owner's cost per message).
 * Past a limit the message is skipped, not delayed. The bucket names and keys are those the leads module used, so a
 * day's counts carry over an upgrade.
 */
export const RECIPIENT_LIMITS = { receipt: 3, first_reply: 2 } as const;

export async function recipientLimitAllows(
  db: Db,
  limit: keyof typeof RECIPIENT_LIMITS,
  to: string,
  { firstAttempt }: { firstAttempt: boolean },
  now = Date.now(),
): Promise<boolean> {
  if (!firstAttempt) return true;
  const window = { count: RECIPIENT_LIMITS[limit], windowSeconds: 86_400 };
  return (await hitRateLimit(db, limit, await hashClient(db, `${limit}:${to}`), window, now)).allowed;
}
