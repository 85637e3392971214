import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { Title } from '@/lib/db/enums';
import { leads, paymentPlans } from '@/lib/db/schema';

/** The buyer of a claim, as payments need them: a name for the receipt, an address for Paystack and the receipt's e-mail. */
export interface Buyer {
  leadId: string;
  title: Title | null;
  fullName: string;
  email: string | null;
  phoneE164: string | null;
}

export async function buyerOfClaim(db: Db, claimId: string): Promise<Buyer | undefined> {
  const [row] = await db
    .select({ leadId: leads.id, title: leads.title, fullName: leads.fullName, email: leads.email, phoneE164: leads.phoneE164 })
    .from(paymentPlans)
    .innerJoin(leads, eq(leads.id, paymentPlans.leadId))
    .where(eq(paymentPlans.claimId, claimId));
  return row;
}

/** "A. O.": what a public page shows of a buyer (their initials only). */
export function initialsOf(fullName: string): string {
  return fullName
    .split(/\s+/)
    .map((part) => part.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => `${part[0].toUpperCase()}.`)
    .join(' ');
}
