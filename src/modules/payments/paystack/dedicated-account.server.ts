import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { paymentDedicatedAccounts } from '@/lib/db/schema';
import { logError } from '@/lib/log';
import { buyerOfClaim } from '../buyer.repository.server';
import { createCustomer, createDedicatedAccount, dedicatedAccountsOfCustomer, paystackConfigured } from './client.server';
import { PaystackError } from './errors';

/**
 * A claim's own account number for transfers (Paystack's dedicated virtual account; docs/decisions/0414 and 0417): a
 * Paystack customer for the buyer, then an account at PAYSTACK_DEDICATED_BANK. Transfers into it come as charge.success
 * events naming the customer and are credited to the claim once verified (./credit.server.ts). Made once per claim.
 */
export type DedicatedAccount = typeof paymentDedicatedAccounts.$inferSelect;

export async function dedicatedAccountOf(db: Db, claimId: string): Promise<DedicatedAccount | undefined> {
  const [row] = await db.select().from(paymentDedicatedAccounts).where(eq(paymentDedicatedAccounts.claimId, claimId));
  return row;
}

/** Whether the pay page may offer an account number of the buyer's own. */
export const dedicatedAccountsOffered = () => paystackConfigured() && Boolean(getEnv().PAYSTACK_DEDICATED_BANK);

export type OpenedAccount =
  | { ok: true; account: DedicatedAccount }
  /** `off`: not set up; `no_email`: Paystack needs the buyer's e-mail; `other_claim`: the buyer's one account is another
   * plot's; `unavailable`: Paystack failed or did not answer (nothing kept: asking again is safe). */
  | { ok: false; reason: 'off' | 'no_email' | 'other_claim' | 'unavailable' };

/** Opens in progress, by claim: a second click while the first waits on Paystack waits for the same answer. */
const opening = new Map<string, Promise<OpenedAccount>>();

/**
 * The claim's account, opened at Paystack the first time. Safe to ask again after any failure: Paystack keeps one
 * customer per e-mail, and before creating an account we ask for the customer's own (a create whose answer was lost
 * made one), so a retry never opens a second account number.
 */
export function openDedicatedAccount(db: Db, claimId: string): Promise<OpenedAccount> {
  const running = opening.get(claimId);
  if (running) return running;
  const started = open(db, claimId).finally(() => opening.delete(claimId));
  opening.set(claimId, started);
  return started;
}

async function open(db: Db, claimId: string): Promise<OpenedAccount> {
  const existing = await dedicatedAccountOf(db, claimId);
  if (existing) return { ok: true, account: existing };
  const bank = getEnv().PAYSTACK_DEDICATED_BANK;
  if (!paystackConfigured() || !bank) return { ok: false, reason: 'off' };
  const buyer = await buyerOfClaim(db, claimId);
  if (!buyer?.email) return { ok: false, reason: 'no_email' };
  const [firstName, ...rest] = buyer.fullName.trim().split(/\s+/);
  let customerCode: string;
  let account: { accountNumber: string; accountName: string; bankName: string };
  try {
    const customer = await createCustomer({
      email: buyer.email,
      firstName,
      lastName: rest.join(' ') || firstName,
      phone: buyer.phoneE164 ?? undefined,
    });
    customerCode = customer.customerCode;
    const [had] = await dedicatedAccountsOfCustomer(customer.customerId);
    account = had ?? (await createDedicatedAccount({ customerCode, preferredBank: bank }));
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    logError(`[payments] no dedicated account for claim ${claimId} yet`, error);
    return { ok: false, reason: 'unavailable' };
  }
  await db
    .insert(paymentDedicatedAccounts)
    .values({ claimId, customerCode, ...account })
    .onConflictDoNothing();
  const row = await dedicatedAccountOf(db, claimId);
  // The customer's one account already belongs to another plot of theirs: its transfers are credited there.
  return row ? { ok: true, account: row } : { ok: false, reason: 'other_claim' };
}
