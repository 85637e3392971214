import 'server-only';
import { createHmac } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { eraseRecords, type TellCrm } from './erasure.server';
import {
  bookingsWithIds,
  leadContacts,
  leadRecordsOf,
  leadsOfSubject,
  leadsWithIds,
  walkInsOfSubject,
} from '@/modules/privacy/people.repository.server';
import type { Db } from '@/lib/db/client';
import { storedEmailSql } from '@/lib/db/large-indexes';
import { newsletterSubscribers, paymentPlans } from '@/lib/db/schema';
import { storedSecret } from '@/lib/db/secrets.server';
import { normaliseEmail } from '@/lib/validation/email';
import { phoneDigits, toE164 } from '@/lib/validation/phone';
import { plotRecordsOfLeads } from '@/modules/plots/server';
import { moneyRecordsOf } from '@/modules/payments/server';
import { documentRecordsOfClaims } from '@/modules/documents/server';
import { PRIVACY_KEPT_RECORDS } from '@/content/staff';
import type { PrivacySubject } from './schema';

/**
 * NDPA subject access and erasure by e-mail address, phone number or both (docs/decisions/0203-privacy-requests.md,
 * 0312-privacy-requests-by-phone-and-keyed-audit.md). The person's leads are found as src/modules/leads says
 * (privacy.repository.server.ts); their newsletter sign-up by the same comparison of addresses.
 */

/** The newsletter holds addresses only. */
const newsletterOf = (subject: PrivacySubject): SQL =>
  subject.email ? sql`${storedEmailSql(newsletterSubscribers.email)} = ${normaliseEmail(subject.email)}` : sql`false`;

/**
 * The staff audit's record of whose data it was: a keyed HMAC-SHA256 of the address and of the number (its E.164
 * form, else its digits), never the values. The key lives in app_secrets, so a list of addresses cannot be tried
 * against the audit without it; an owner can still answer "did we erase x?" by computing it again.
 */
export async function subjectFingerprint(db: Db, subject: PrivacySubject): Promise<string> {
  const mac = await fingerprintOf(db);
  return [
    subject.email && `email:${mac(normaliseEmail(subject.email))}`,
    subject.phone && `phone:${mac(toE164(subject.phone) ?? phoneDigits(subject.phone))}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The keyed hash behind a fingerprint: HMAC-SHA256 with the stored key, cut to 128 bits. */
async function fingerprintOf(db: Db): Promise<(value: string) => string> {
  const key = await storedSecret(db, 'privacy_audit_key');
  return (value) => createHmac('sha256', key).update(value).digest('hex').slice(0, 32);
}

/** Payment plans kept after their buyer's erasure whose copy of the buyer is this person's address or number. */
function keptCopyOf(subject: PrivacySubject): SQL {
  const numbers = subject.phone ? [toE164(subject.phone), subject.phone.trim()].filter((n): n is string => Boolean(n)) : [];
  return sql`(${subject.email ? sql`lower(trim(${paymentPlans.erasedBuyerEmail})) = ${normaliseEmail(subject.email)}` : sql`false`} or ${
    numbers.length ? inArray(paymentPlans.erasedBuyerPhone, numbers) : sql`false`
  })`;
}

export async function exportSubject(db: Db, subject: PrivacySubject) {
  const { leads: found, notes, activity, inspections, inspectionMessages, walkIns } = await leadRecordsOf(db, subject);
  const plots = await plotRecordsOfLeads(
    db,
    found.map((lead) => lead.id),
  );
  const money = await moneyRecordsOf(
    db,
    found.map((lead) => lead.id),
    keptCopyOf(subject),
  );
  // A buyer's documents (stages, letters, uploaded scans with their bytes): a sale's records, as its payments.
  const documents = await documentRecordsOfClaims(
    db,
    money.map((plan) => plan.claimId),
  );
  const withDocuments = <P extends { claimId: string }>(plan: P) => ({
    ...plan,
    documents: documents.find((d) => d.claimId === plan.claimId),
  });
  // Everything held on the newsletter list but its tokens (secrets of ours).
  const n = newsletterSubscribers;
  const newsletter = await db
    .select({
      email: n.email,
      signedUpAt: n.subscribedAt,
      confirmedAt: n.confirmedAt,
      consentNoticeVersion: n.consentNoticeVersion,
      consentSource: n.consentSource,
      unsubscribedAt: n.unsubscribedAt,
      pendingRequestAt: n.confirmRequestedAt,
      pendingRequestSource: n.requestSource,
      clientHash: n.clientHash,
    })
    .from(n)
    .where(newsletterOf(subject));
  return {
    subject: { email: subject.email ? normaliseEmail(subject.email) : undefined, phone: subject.phone },
    generatedAt: new Date().toISOString(),
    // The client hash is a salted hash of a network address, not something the person gave us; it is listed as held.
    leads: found.map((lead) => ({
      ...lead,
      idempotencyKey: undefined,
      notes: notes
        .filter((note) => note.leadId === lead.id)
        .map((note) => ({ body: note.body, author: note.authorEmail, at: note.createdAt })),
      history: activity
        .filter((a) => a.leadId === lead.id)
        .map((a) => ({ action: a.action, detail: a.detail, by: a.actorEmail, at: a.createdAt })),
      // Site inspections booked (docs/decisions/0391), each with the messages it set off (what, when, how far it got).
      inspections: inspections
        .filter((booking) => booking.leadId === lead.id)
        .map((booking) => ({
          ...booking,
          leadId: undefined,
          walkInName: undefined,
          walkInPhone: undefined,
          messages: inspectionMessages
            .filter((message) => message.bookingId === booking.id)
            .map((message) => ({ ...message, leadId: undefined, bookingId: undefined })),
        })),
      // Plots held, reserved or bought (docs/decisions/0413), each with its history.
      plots: plots.filter((claim) => claim.leadId === lead.id).map((claim) => ({ ...claim, leadId: undefined })),
      // Payment plans with their payments and receipts (docs/decisions/0414): kept after an erasure, see below.
      payments: money.filter((plan) => plan.leadId === lead.id).map((plan) => ({ ...withDocuments(plan), leadId: undefined })),
    })),
    // The money records kept after this person's erasure, with the copy of who paid, and why (the privacy notice).
    paymentRecordsKept: money.filter((plan) => plan.leadId === null).map((plan) => ({ ...withDocuments(plan), leadId: undefined })),
    ...(money.length ? { whyPaymentRecordsAreKept: PRIVACY_KEPT_RECORDS } : {}),
    // Site inspections staff added on the day with this phone number (no lead: a name and a phone only).
    walkIns: walkIns.map((booking) => ({ ...booking, leadId: undefined })),
    newsletter,
  };
}

/** What an erasure deleted: counts for the owner, ids for the ledger that a restore applies again. */
export interface Erased {
  leads: number;
  newsletter: number;
  /** Site-inspection walk-ins with the subject's phone number. */
  walkIns: number;
  leadIds: string[];
  newsletterIds: string[];
  /**
   * What was kept as a sale's record (docs/decisions/0413, 0414): payment plans with their ledger and receipts, and
   * reservations, sales or paid-on holds of plots, without the lead; `why` says so to the owner in words.
   */
  kept: { paymentPlans: number; plotClaims: number; why?: string };
}

/**
 * Deletes every matching lead (with notes, history, notification records and their jobs) and newsletter row, the
 * messages kept of them as files, and tells the CRM which leads went (src/modules/privacy/erasure.server.ts). `boss` is
 * the started job queue: on PGlite it must be started before the erasure's transaction, which uses the one connection.
 */
export const eraseSubject = async (db: Db, boss: PgBoss, subject: PrivacySubject): Promise<Erased> =>
  deleteWhere(
    db,
    leadsOfSubject(subject),
    newsletterOf(subject),
    { boss, reason: 'privacy_request' },
    bookingsWithIds(await walkInsOfSubject(db, subject)),
  );

/**
 * After a restore: erases again what was erased since the backup (the privacy notice's promise), by the erased
 * rows' ids and by the subjects' keyed fingerprints, which also find rows of the same person under other ids.
 */
export async function eraseAgain(db: Db, erasures: { leadIds: string[]; newsletterIds: string[]; fingerprint: string }[]): Promise<Erased> {
  const fingerprints = new Set(erasures.flatMap((e) => e.fingerprint.split(' ')).filter(Boolean));
  const leadIds = new Set(erasures.flatMap((e) => e.leadIds));
  const newsletterIds = new Set(erasures.flatMap((e) => e.newsletterIds));
  if (fingerprints.size) {
    const mac = await fingerprintOf(db);
    for (const lead of await leadContacts(db)) {
      const marks = [
        lead.email && `email:${mac(normaliseEmail(lead.email))}`,
        `phone:${mac(phoneDigits(lead.raw))}`,
        lead.e164 && `phone:${mac(lead.e164)}`,
      ];
      if (marks.some((m) => m && fingerprints.has(m))) leadIds.add(lead.id);
    }
    const n = newsletterSubscribers;
    for (const row of await db.select({ id: n.id, email: n.email }).from(n)) {
      if (fingerprints.has(`email:${mac(normaliseEmail(row.email))}`)) newsletterIds.add(row.id);
    }
  }
  const newsletterWithIds = newsletterIds.size ? inArray(newsletterSubscribers.id, [...newsletterIds]) : sql`false`;
  // The CRM was told when each of these erasures was first made.
  return deleteWhere(db, leadsWithIds([...leadIds]), newsletterWithIds, null);
}

async function deleteWhere(db: Db, leadsWhere: SQL, newsletter: SQL, tellCrm: TellCrm, walkIns?: SQL): Promise<Erased> {
  const erased = await eraseRecords(db, { leads: leadsWhere, newsletter, walkIns }, tellCrm);
  const { leadIds, newsletterIds } = erased;
  const kept = { paymentPlans: erased.money.paymentPlans, plotClaims: erased.plots.salesKept };
  return {
    leads: leadIds.length,
    newsletter: newsletterIds.length,
    walkIns: erased.walkIns,
    leadIds,
    newsletterIds,
    kept: kept.paymentPlans || kept.plotClaims ? { ...kept, why: PRIVACY_KEPT_RECORDS } : kept,
  };
}
