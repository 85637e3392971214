import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { paymentDedicatedAccounts } from '@/lib/db/schema';
import { buyerOfClaim } from '../buyer.repository.server';
import { createCustomer, createDedicatedAccount, paystackConfigured } from './client.server';

/**
 * A claim's own account number for transfers (Paystack's dedicated virtual account; docs/decisions/0414): a Paystack
 * customer for the buyer, then an account at PAYSTACK_DEDICATED_BANK. Transfers into it come as charge.success events
 * naming the customer and are credited to the claim once verified (./credit.server.ts). Made once per claim.
 */
export type DedicatedAccount = typeof paymentDedicatedAccounts.$inferSelect;

export async function dedicatedAccountOf(db: Db, claimId: string): Promise<DedicatedAccount | undefined> {
  const [row] = await db.select().from(paymentDedicatedAccounts).where(eq(paymentDedicatedAccounts.claimId, claimId));
  return row;
}

export async function openDedicatedAccount(db: Db, claimId: string): Promise<DedicatedAccount | undefined> {
  const existing = await dedicatedAccountOf(db, claimId);
  if (existing) return existing;
  const bank = getEnv().PAYSTACK_DEDICATED_BANK;
  const buyer = await buyerOfClaim(db, claimId);
  if (!paystackConfigured() || !bank || !buyer?.email) return undefined;
  const [firstName, ...rest] = buyer.fullName.trim().split(/\s+/);
  const { customerCode } = await createCustomer({
    email: buyer.email,
    firstName,
    lastName: rest.join(' ') || firstName,
    phone: buyer.phoneE164 ?? undefined,
  });
  const account = await createDedicatedAccount({ customerCode, preferredBank: bank });
  await db
    .insert(paymentDedicatedAccounts)
    .values({ claimId, customerCode, ...account })
    .onConflictDoNothing();
  return dedicatedAccountOf(db, claimId);
}
