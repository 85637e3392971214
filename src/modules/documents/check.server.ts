import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { LetterKind } from '@/content/documents';
import type { Db } from '@/lib/db/client';
import { districtSlugOf } from '@/lib/db/districts';
import { plotClaims, plots, staffUsers } from '@/lib/db/schema';
import { RateLimited, clientCounters, countRequests, type ClientLimits } from '@/lib/http/rate-limit.server';
import { clientIdentityOf, type ClientIdentity } from '@/lib/http/client.server';
import { lagosDayOf } from '@/lib/working-time';
import { queueMessages, wakeOutbox } from '@/modules/messaging/server';
import { buyerOfClaim, initialsOf, receiptByNumber } from '@/modules/payments/server';
import { districtNameOf, letterByNumber } from './claims.repository.server';
import { checkSchema } from './schema';

/**
 * The public check of a receipt or a letter (docs/decisions/0419-documents-and-checks.md): a number and its check
 * code give what the document covers and the buyer's initials; anything else (a made-up number, a real number with a
 * wrong code, a number of the wrong shape) gives the same "not ours", after the same work, so the page tells nobody
 * which numbers exist. Counted per client (RateLimited past the limit); a "not ours" tells the owners, once an hour.
 */

export const CHECK_LIMITS: ClientLimits = {
  own: { count: 20, windowSeconds: 600 },
  56: { count: 60, windowSeconds: 600 },
  48: { count: 120, windowSeconds: 600 },
};

export type CheckKind = 'receipt' | LetterKind;

export interface GenuineDocument {
  kind: CheckKind;
  number: string;
  districtName: string;
  plotLabel: string;
  amountKobo: number;
  /** The Lagos day it was issued. */
  issuedOn: string;
  initials: string;
}

export type CheckAnswer = { genuine: true; document: GenuineDocument } | { genuine: false };

const NUMBER = /^(RCT|AL|CS)-\d{4}-\d{6,}$/;
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameCode = (stored: string, given: string) => timingSafeEqual(digest(stored), digest(given));

/** What a number and code given on the check page stand for. Counts the request first (throws RateLimited). */
export async function checkDocument(
  db: Db,
  jobs: PgBoss,
  client: ClientIdentity,
  input: { number: string; code: string },
  now = new Date(),
): Promise<CheckAnswer> {
  await countRequests(db, clientCounters('document-check', client, CHECK_LIMITS), now.getTime());
  const number = input.number.trim().toUpperCase();
  const code = input.code.trim();
  const document = NUMBER.test(number) ? await genuineDocument(db, number, code) : undefined;
  if (document) return { genuine: true, document };
  await tellOwners(db, jobs, number, now);
  return { genuine: false };
}

async function genuineDocument(db: Db, number: string, code: string): Promise<GenuineDocument | undefined> {
  if (number.startsWith('RCT-')) {
    const found = await receiptByNumber(db, number, code);
    if (!found) return undefined;
    const buyer = await buyerOfClaim(db, found.plan.claimId);
    const slug = districtSlugOf(found.plan.district) ?? found.plan.district;
    return {
      kind: 'receipt',
      number,
      districtName: districtNameOf(slug),
      plotLabel: await plotLabelOfClaim(db, found.plan.claimId),
      amountKobo: found.entry.amountKobo,
      issuedOn: lagosDayOf(found.receipt.issuedAt),
      initials: initialsOf(buyer?.fullName ?? found.plan.erasedBuyerName ?? ''),
    };
  }
  const letter = await letterByNumber(db, number);
  // A number nobody issued is compared against a code all the same, so both answers take the same work.
  if (!sameCode(letter?.checkCode ?? 'no-such-letter', code) || !letter) return undefined;
  return {
    kind: letter.kind,
    number,
    districtName: letter.facts.districtName,
    plotLabel: letter.facts.plotLabel,
    amountKobo: letter.facts.priceKobo,
    issuedOn: letter.facts.issuedOn,
    initials: initialsOf(letter.facts.buyerName),
  };
}

async function plotLabelOfClaim(db: Db, claimId: string): Promise<string> {
  const [row] = await db
    .select({ label: plots.label, block: plots.block })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(eq(plotClaims.id, claimId));
  return row ? `Plot ${row.label}, Block ${row.block}` : '';
}

/** A "not ours" alert's payload: the hour it fell in and the first number entered in it (no personal data). */
export interface ForgeryAlertJob {
  kind: 'document_forgery';
  hour: string;
  number: string;
  to: string;
}

/**
 * Tells every active owner that a document we did not issue was checked: one e-mail per owner per Lagos hour at most
 * (the outbox keeps one message per key), through the one outbox (subject `owner`).
 */
async function tellOwners(db: Db, jobs: PgBoss, number: string, now: Date): Promise<void> {
  const hour = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 13); // Lagos (UTC+1) hour
  const owners = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
  if (!owners.length) return;
  const shown = number.replace(/[^\w-]/g, '').slice(0, 30) || '(blank)';
  await db.transaction((tx) =>
    queueMessages(
      tx,
      jobs,
      owners.map(({ id }) => ({
        subjectType: 'owner' as const,
        subjectId: id,
        leadId: null,
        kind: 'document_forgery',
        channel: 'email' as const,
        dedupeKey: `owner:document-check:${hour}:${id}`,
        payload: { kind: 'document_forgery', hour, number: shown, to: id } satisfies ForgeryAlertJob,
      })),
      { now },
    ),
  );
  wakeOutbox(jobs);
}

/** The check page's state: the empty form, a genuine document, "not ours", too many checks, or fields to fix. */
export type CheckPageView =
  | { state: 'form' }
  | { state: 'invalid'; number: string; code: string }
  | { state: 'too_many' }
  | { state: 'not_ours'; number: string; code: string }
  | { state: 'genuine'; number: string; code: string; document: GenuineDocument };

/** GET /check?number=&code=: the form alone until both are given, then the answer (counted per client). */
export async function checkPageOf(
  db: Db,
  jobs: () => Promise<PgBoss>,
  request: Request,
  query: { number?: unknown; code?: unknown },
): Promise<CheckPageView> {
  if (query.number === undefined && query.code === undefined) return { state: 'form' };
  const parsed = checkSchema.safeParse(query);
  const number = typeof query.number === 'string' ? query.number.slice(0, 40) : '';
  const code = typeof query.code === 'string' ? query.code.slice(0, 40) : '';
  if (!parsed.success) return { state: 'invalid', number, code };
  try {
    const answer = await checkDocument(db, await jobs(), await clientIdentityOf(db, request), parsed.data);
    return answer.genuine ? { state: 'genuine', number, code, document: answer.document } : { state: 'not_ours', number, code };
  } catch (error) {
    if (error instanceof RateLimited) return { state: 'too_many' };
    throw error;
  }
}
