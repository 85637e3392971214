import 'server-only';
import { WITHHELD_COPY } from '@/content/notifications';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { smsDays } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { countryOfNumber } from '@/lib/validation/phone';
import { lagosDayOf } from '@/lib/working-time';
import { ChannelError } from './channel-error';
import type { SentMessage } from './events';
import { sendSms } from './termii.server';

/**
 * What an SMS may cost (docs/decisions/0402), checked in this one place that every SMS goes through (the messaging
 * module's SMS channel, ./send.server.ts, is its caller; a lint rule keeps Termii's sendSms in this module): only to
 * numbers of the countries in SMS_COUNTRIES (an international SMS costs many times a Nigerian one, and a form takes any
 * country's number), and at most SMS_DAILY_LIMIT a Lagos day, counted in the database so that every instance spends
 * the same budget. Past it SMS pauses until midnight in Lagos: each SMS is withheld with a reason staff can read, and
 * the owners are told once (src/modules/system/alerts.server.ts).
 */

export type SmsWithheldReason = 'country' | 'paused';

/** An SMS this gate did not let go: its message says why, in words for staff (never the number). */
export class SmsWithheld extends Error {
  readonly reason: SmsWithheldReason;
  constructor(reason: SmsWithheldReason, message: string) {
    super(message);
    this.name = 'SmsWithheld';
    this.reason = reason;
  }
}

/** Why an SMS to this number may not go for its country; undefined when it may. */
export function smsCountryRefusal(to: string): string | undefined {
  const allowed = getEnv().SMS_COUNTRIES;
  const country = countryOfNumber(to);
  if (country && allowed.includes(country)) return undefined;
  return WITHHELD_COPY.smsCountry(allowed, country);
}

/**
 * Sends one SMS when its country is allowed and today's budget has room; otherwise throws SmsWithheld. The SMS is
 * counted before it is asked of Termii, and given back when Termii refused it (nothing went, nothing is charged); one
 * whose answer never came stays counted, as it may have gone.
 */
export async function sendSmsWithinLimits(db: Db, sms: { to: string; text: string }, now = new Date()): Promise<SentMessage> {
  const refusal = smsCountryRefusal(sms.to);
  if (refusal) throw new SmsWithheld('country', refusal);
  const day = lagosDayOf(now);
  const limit = getEnv().SMS_DAILY_LIMIT;
  if (!(await takeFromBudget(db, day, limit))) {
    await markPaused(db, day, now);
    throw new SmsWithheld('paused', WITHHELD_COPY.smsPaused(limit));
  }
  try {
    return await sendSms(sms);
  } catch (error) {
    if (!(error instanceof ChannelError && error.unanswered)) await giveBack(db, day);
    throw error;
  }
}

/** One more SMS today, if fewer than `limit` went: one atomic upsert, so concurrent sends never pass the limit. */
async function takeFromBudget(db: Db, day: string, limit: number): Promise<boolean> {
  if (limit < 1) return false;
  const rows = await db
    .insert(smsDays)
    .values({ day, sent: 1 })
    .onConflictDoUpdate({ target: smsDays.day, set: { sent: sql`${smsDays.sent} + 1` }, setWhere: sql`${smsDays.sent} < ${limit}` })
    .returning({ sent: smsDays.sent });
  return rows.length > 0;
}

async function giveBack(db: Db, day: string): Promise<void> {
  await db
    .update(smsDays)
    .set({ sent: sql`greatest(${smsDays.sent} - 1, 0)` })
    .where(eq(smsDays.day, day));
}

/** The first refusal of the day is when SMS paused (what the owners' alert and the System page say). */
async function markPaused(db: Db, day: string, now: Date): Promise<void> {
  await db
    .insert(smsDays)
    .values({ day, sent: 0, pausedAt: now })
    .onConflictDoUpdate({ target: smsDays.day, set: { pausedAt: sql`coalesce(${smsDays.pausedAt}, ${now.toISOString()}::timestamptz)` } });
}

/** Today's SMS: how many went, the limit, and since when SMS is paused (undefined while it is not). */
export async function smsToday(db: Db, now = new Date()): Promise<{ day: string; sent: number; limit: number; pausedAt?: Date }> {
  const day = lagosDayOf(now);
  const limit = getEnv().SMS_DAILY_LIMIT;
  const [row] = await db.select().from(smsDays).where(eq(smsDays.day, day));
  const sent = row?.sent ?? 0;
  // Paused while the budget is spent: an owner who raised the limit (and restarted) has SMS going again.
  const pausedAt = row?.pausedAt && sent >= limit ? row.pausedAt : undefined;
  return { day, sent, limit, ...(pausedAt ? { pausedAt } : {}) };
}

/** Days of SMS counted long ago are of no more use (the System page shows today's). */
export async function forgetOldSmsDays(db: Db, now = new Date()): Promise<void> {
  await db.delete(smsDays).where(lt(smsDays.day, lagosDayOf(now, -90)));
}

/**
 * In the owners' alert's transaction: today's pause, claimed for its alert the first time it is asked (undefined
 * after, and when SMS is not paused), so owners hear of it once a day however many instances check.
 */
export async function claimSmsPauseAlert(tx: Db, now = new Date()): Promise<{ day: string; pausedAt: Date } | undefined> {
  const day = lagosDayOf(now);
  const [row] = await tx
    .update(smsDays)
    .set({ alertedAt: now })
    .where(and(eq(smsDays.day, day), isNotNull(smsDays.pausedAt), isNull(smsDays.alertedAt)))
    .returning({ day: smsDays.day, pausedAt: smsDays.pausedAt });
  return row?.pausedAt ? { day: row.day, pausedAt: row.pausedAt } : undefined;
}
