import 'server-only';
import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, ledgerEntries, paymentPlans } from '@/lib/db/schema';

/**
 * Who a buyer is (docs/decisions/0425): the e-mail or number they proved, joined with another contact only through a
 * lead that has money in (a payment plan with a payment credited: Paystack's or an approved transfer) and carries
 * both, and only when that contact is theirs alone among such leads: every lead with money in that carries it also
 * carries the proved one. Anyone can type somebody else's number into a form, and an office's number can sit on
 * several buyers' leads; neither joins two people. One hop, never a chain.
 */

/** Leads (not spam) with money in: a plan of theirs has a payment in the ledger. */
const paidLeadsCarrying = (db: Db, contacts: string[]) =>
  db
    .select({ email: leads.email, phone: leads.phoneE164 })
    .from(leads)
    .innerJoin(paymentPlans, eq(paymentPlans.leadId, leads.id))
    .where(
      and(
        eq(leads.spam, false),
        or(inArray(leads.email, contacts), inArray(leads.phoneE164, contacts)),
        exists(
          db
            .select({ one: ledgerEntries.id })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.claimId, paymentPlans.claimId), eq(ledgerEntries.kind, 'payment'))),
        ),
      ),
    );

/** The contacts of the buyer who proved `proved` (it first): one read, two for a buyer with money in. */
export async function contactsOfBuyer(db: Db, proved: string): Promise<string[]> {
  const carries = (lead: { email: string | null; phone: string | null }, contact: string) =>
    lead.email === contact || lead.phone === contact;
  const mine = await paidLeadsCarrying(db, [proved]);
  const candidates = [...new Set(mine.flatMap((lead) => [lead.email, lead.phone]))].filter(
    (contact): contact is string => contact !== null && contact !== proved,
  );
  if (!candidates.length) return [proved];
  const theirs = await paidLeadsCarrying(db, candidates);
  const joined = candidates.filter((contact) => theirs.every((lead) => !carries(lead, contact) || carries(lead, proved)));
  return [proved, ...joined];
}

/** The buyer's leads: every lead (not spam) carrying one of their contacts. */
export const buyerLeadsWhere = (contacts: string[]) =>
  and(eq(leads.spam, false), or(inArray(leads.email, contacts), inArray(leads.phoneE164, contacts)));
