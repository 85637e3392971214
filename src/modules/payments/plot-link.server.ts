import 'server-only';
import { DISTRICTS, districtLabel } from '@/content/districts';
import type { Db } from '@/lib/db/client';
import type { PaymentPlanRow } from '@/lib/db/schema';

/**
 * The one place payments meets the plots module (src/modules/plots): how a receipt names the plot a claim is on. Until
 * the plots module is merged, the district's name stands for it.
 */
export async function plotLabelOf(_db: Db, plan: Pick<PaymentPlanRow, 'claimId' | 'district'>): Promise<string> {
  const district = DISTRICTS.find((d) => d.choice === plan.district);
  return district ? `a plot in ${districtLabel(district)}` : 'your plot';
}
