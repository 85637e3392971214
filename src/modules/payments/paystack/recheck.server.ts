import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { RecheckFinding } from '@/lib/db/enums';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { ledgerEntries, paymentCheckouts, paymentEvents, paymentRecheckFindings } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { PAYMENT_RECHECK } from '@/lib/jobs/queues';
import { logError } from '@/lib/log';
import { lagosDayOf } from '@/lib/working-time';
import { wakeOutbox } from '@/modules/messaging/server';
import { queuePaymentOwnerAlerts } from '../owner-alerts.server';
import { longDay } from '../receipts/render';
import { paystackConfigured, verifyTransaction } from './client.server';
import { verifyAndCredit, type CreditResult } from './credit.server';

/**
 * The nightly re-check (issue 59, item 4; docs/decisions/0415): every reference of the last 30 days that is not settled
 * is asked of Paystack's verify again — checkouts still open, webhook events verify did not confirm or whose job has not
 * settled them, and the payments Paystack credited (in case Paystack now calls one failed or reversed). What is now
 * paid is credited through the one credit path (once: the reference is unique on the ledger); what disagrees is written
 * as a finding, once per reference and kind, listed on the owners' Payments page and e-mailed to the owners in one
 * message per night that found anything new. Paystack unreachable for a reference: it is asked again the next night.
 */

/** How far back the re-check looks; older references were settled or listed long ago. */
const LOOK_BACK_MS = 30 * 86_400_000;
/** A checkout younger than this is still the checkout's own job's to settle. */
const SETTLING_MS = 10 * 60_000;
/** Pending at Paystack longer than this is listed to the owners. */
const LONG_PENDING_MS = 86_400_000;

export interface RecheckReport {
  /** References credited tonight. */
  credited: string[];
  /** New findings written tonight. */
  findings: number;
  /** References Paystack could not be asked about tonight. */
  unanswered: number;
}

interface Finding {
  kind: RecheckFinding;
  reference: string;
  claimId: string | null;
  oursKobo?: number | null;
  paystackKobo?: number | null;
  detail: string;
}

export async function recheckPayments(db: Db, boss: PgBoss, now = new Date()): Promise<RecheckReport> {
  const report: RecheckReport = { credited: [], findings: 0, unanswered: 0 };
  if (!paystackConfigured()) return report;
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const findings: Finding[] = [];

  /** Verify and credit one reference; a thrown error (Paystack down) leaves it for the next night. */
  const credit = async (asked: Parameters<typeof verifyAndCredit>[2]): Promise<CreditResult | undefined> => {
    try {
      const result = await verifyAndCredit(db, boss, asked, now);
      if (result.outcome === 'credited') report.credited.push(asked.reference);
      return result;
    } catch (error) {
      report.unanswered++;
      logError(`[payments] the nightly re-check could not ask Paystack about ${asked.reference}`, error);
      return undefined;
    }
  };
  const flaggedFinding = async (reference: string, oursKobo: number | null) => {
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.source, 'paystack'), eq(ledgerEntries.providerReference, reference)));
    findings.push({
      kind: 'amount_differs',
      reference,
      claimId: entry?.claimId ?? null,
      oursKobo,
      paystackKobo: entry?.amountKobo,
      detail: 'credited as paid, flagged',
    });
  };

  // Checkouts still open.
  const checkouts = await db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.state, 'initialized'),
        gte(paymentCheckouts.createdAt, since),
        lt(paymentCheckouts.createdAt, new Date(now.getTime() - SETTLING_MS)),
      ),
    );
  for (const checkout of checkouts) {
    const result = await credit({ reference: checkout.reference, reported: false });
    if (!result) continue;
    const old = now.getTime() - checkout.createdAt.getTime() > LONG_PENDING_MS;
    if (result.outcome === 'credited' && result.flagged) await flaggedFinding(checkout.reference, checkout.amountKobo);
    else if (result.outcome === 'not_paid') {
      // Failed, or left unpaid for a day (Paystack's checkout page is gone by then): settled, asked no more. A payment
      // that still comes is credited by its webhook whatever the checkout's state.
      if (result.status === 'failed' || (result.status === 'abandoned' && old))
        await db
          .update(paymentCheckouts)
          .set({ state: 'not_paid', settledAt: now })
          .where(and(eq(paymentCheckouts.reference, checkout.reference), eq(paymentCheckouts.state, 'initialized')));
      else if (result.status !== 'abandoned' && old)
        findings.push({
          kind: 'long_pending',
          reference: checkout.reference,
          claimId: checkout.claimId,
          oursKobo: checkout.amountKobo,
          detail: `Paystack says ${result.status.slice(0, 30)} since ${longDay(lagosDayOf(checkout.createdAt))}`,
        });
    } else if (result.outcome === 'verify_disagreed')
      findings.push({
        kind: 'verify_disagrees',
        reference: checkout.reference,
        claimId: checkout.claimId,
        oursKobo: checkout.amountKobo,
        detail: result.detail,
      });
  }

  // Events verify did not confirm, and events their job has not settled within the hour (it may be failing).
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      and(
        gte(paymentEvents.receivedAt, since),
        or(
          eq(paymentEvents.outcome, 'verify_disagreed'),
          and(isNull(paymentEvents.outcome), lt(paymentEvents.receivedAt, new Date(now.getTime() - 3_600_000))),
        ),
      ),
    );
  for (const event of events) {
    if (event.event !== 'charge.success' || !event.reference) continue;
    // Verify is the word that counts: asked without the event's amount, it credits what Paystack says was paid.
    const result = await credit({ reference: event.reference, customerCode: event.customerCode ?? undefined, reported: false });
    if (!result) continue;
    if (result.outcome === 'credited' || result.outcome === 'duplicate') {
      if (result.outcome === 'credited' && result.flagged) await flaggedFinding(event.reference, event.amountKobo);
      await db
        .update(paymentEvents)
        .set({ outcome: result.outcome, detail: 'credited by the nightly re-check', settledAt: now })
        .where(eq(paymentEvents.id, event.id));
    } else if (event.outcome === 'verify_disagreed')
      findings.push({
        kind: 'verify_disagrees',
        reference: event.reference,
        claimId: null,
        oursKobo: event.amountKobo,
        detail: result.outcome === 'not_paid' ? `Paystack says ${result.status.slice(0, 30)}` : result.detail,
      });
  }

  // Paystack's credits of the last 30 days not reversed since: still a success at Paystack?
  const credited = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.source, 'paystack'), eq(ledgerEntries.kind, 'payment'), gte(ledgerEntries.recordedAt, since)));
  const reversed = new Set(
    credited.length
      ? (
          await db
            .select({ id: ledgerEntries.correctsEntryId })
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.kind, 'reversal'),
                inArray(
                  ledgerEntries.correctsEntryId,
                  credited.map((e) => e.id),
                ),
              ),
            )
        ).map((row) => row.id)
      : [],
  );
  for (const entry of credited) {
    if (reversed.has(entry.id) || !entry.providerReference || report.credited.includes(entry.providerReference)) continue;
    try {
      const verified = await verifyTransaction(entry.providerReference);
      if (verified.status === 'failed' || verified.status === 'reversed')
        findings.push({
          kind: 'now_failed',
          reference: entry.providerReference,
          claimId: entry.claimId,
          oursKobo: entry.amountKobo,
          paystackKobo: verified.amountKobo,
          detail: `Paystack now says ${verified.status}`,
        });
    } catch (error) {
      report.unanswered++;
      logError(`[payments] the nightly re-check could not ask Paystack about ${entry.providerReference}`, error);
    }
  }

  const queued = await db.transaction(async (tx) => {
    const written = findings.length
      ? await tx
          .insert(paymentRecheckFindings)
          .values(
            findings.map((f) => ({
              kind: f.kind,
              reference: f.reference,
              claimId: f.claimId,
              oursKobo: f.oursKobo ?? null,
              paystackKobo: f.paystackKobo ?? null,
              detail: f.detail.slice(0, 300),
              foundAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: paymentRecheckFindings.id })
      : [];
    report.findings = written.length;
    // One e-mail a night to each owner, only when something new was found.
    if (written.length) await queuePaymentOwnerAlerts(tx, boss, { kind: 'payment_recheck', day: lagosDayOf(now) });
    return written.length > 0;
  });
  if (queued || report.credited.length) wakeOutbox(boss);
  return report;
}

/** The findings since `since`, newest first (the owners' Payments page). */
export function recheckFindingsSince(db: Db, since: Date) {
  return db
    .select()
    .from(paymentRecheckFindings)
    .where(gte(paymentRecheckFindings.foundAt, since))
    .orderBy(desc(paymentRecheckFindings.foundAt), asc(paymentRecheckFindings.reference));
}

/** Each night at 01:30 Lagos time (before the 02:30 backup, so the backup has what it credited). */
export function paymentRecheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: PAYMENT_RECHECK,
    cron: '30 1 * * *',
    run: async () => {
      await recheckPayments(handle.db, await handle.jobs());
    },
  };
}
