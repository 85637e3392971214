import 'server-only';
import type { Db } from '@/lib/db/client';
import type { PaymentPlanRow } from '@/lib/db/schema';
import { lagosDayOf } from '@/lib/working-time';
import { balanceOfClaim } from './ledger/ledger.repository.server';
import { standingOf, type Standing } from './plans';

/** Where a claim stands now: its plan's schedule against its ledger's balance, on today's Lagos date. */
export async function standingOfPlan(db: Db, plan: PaymentPlanRow, now = new Date()): Promise<Standing> {
  return standingOf(plan, await balanceOfClaim(db, plan.claimId), lagosDayOf(now));
}
