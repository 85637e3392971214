import 'server-only';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { PAYMENT_OWNER_COPY } from '@/content/payments';
import type { Db } from '@/lib/db/client';
import { ledgerEntries, paymentCheckouts, paymentRecheckFindings, staffUsers } from '@/lib/db/schema';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { lagosDayStart } from '@/lib/working-time';
import { queueMessages } from '@/modules/messaging/server';
import { formatKobo } from './money';
import { planOf } from './ledger/ledger.repository.server';
import { plotLabelOf } from './plot-link.server';

/**
 * What owners are told by e-mail about money (docs/decisions/0415), as owners' alerts of the one outbox (subject
 * `owner`, sent by the system module's sender, which renders them here): a payment credited other than asked, once per
 * payment (queued in the credit's transaction); and the night's re-check, once per night that found something new.
 */
export type PaymentOwnerAlert =
  { kind: 'payment_flagged'; entryId: number; to: string } | { kind: 'payment_recheck'; day: string; to: string };

/** What an alert is about, in its outbox key: the flagged entry, or the night. */
export const paymentAlertAbout = (alert: PaymentOwnerAlert) =>
  alert.kind === 'payment_flagged' ? `entry-${alert.entryId}` : `recheck-${alert.day}`;

/** One e-mail to every active owner, queued in the caller's transaction: once per entry or night and owner, ever. */
export async function queuePaymentOwnerAlerts(
  tx: Db,
  boss: PgBoss,
  about: { kind: 'payment_flagged'; entryId: number } | { kind: 'payment_recheck'; day: string },
): Promise<void> {
  const owners = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
  if (!owners.length) return;
  await queueMessages(
    tx,
    boss,
    owners.map((owner) => {
      const alert = { ...about, to: owner.id } as PaymentOwnerAlert;
      return {
        subjectType: 'owner' as const,
        subjectId: owner.id,
        leadId: null,
        kind: alert.kind,
        channel: 'email' as const,
        dedupeKey: `owner:${paymentAlertAbout(alert)}:${alert.kind}:${owner.id}`,
        payload: { ...alert },
      };
    }),
  );
}

/** The e-mail of an alert, rendered when it goes; undefined when there is nothing to tell any more. */
export async function paymentOwnerEmail(
  db: Db,
  alert: PaymentOwnerAlert,
): Promise<{ subject: string; text: string; html: string } | undefined> {
  const copy = PAYMENT_OWNER_COPY;
  const brand = getSiteFacts().brand;
  const pageUrl = `${getSiteUrl()}/admin/payments`;
  let subject: string;
  let lines: string[];
  if (alert.kind === 'payment_flagged') {
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, alert.entryId));
    if (!entry?.flag) return undefined;
    const plan = await planOf(db, entry.claimId);
    const [checkout] = entry.providerReference
      ? await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, entry.providerReference))
      : [];
    const plot = plan ? await plotLabelOf(db, plan) : entry.claimId;
    subject = copy.flaggedSubject(brand, formatKobo(entry.amountKobo));
    lines = [
      copy.flaggedBody(
        formatKobo(entry.amountKobo),
        checkout ? formatKobo(checkout.amountKobo) : '—',
        plot,
        entry.providerReference ?? '—',
      ),
    ];
  } else {
    // The findings of that night (from the start of its Lagos day: the re-check runs after midnight).
    const findings = await db
      .select()
      .from(paymentRecheckFindings)
      .where(
        and(gte(paymentRecheckFindings.foundAt, lagosDayStart(alert.day)), lt(paymentRecheckFindings.foundAt, lagosDayStart(alert.day, 1))),
      )
      .orderBy(desc(paymentRecheckFindings.foundAt));
    if (!findings.length) return undefined;
    subject = copy.recheckSubject(brand, findings.length);
    lines = [copy.recheckIntro, ...findings.map((f) => copy.line(copy.finding[f.kind] ?? f.kind, f.reference, f.detail))];
  }
  return {
    subject,
    text: [...lines, `${copy.open}: ${pageUrl}`].join('\n\n'),
    html: emailLayout(lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('') + emailButton(pageUrl, copy.open)),
  };
}
