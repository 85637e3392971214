import type { Metadata } from 'next';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { formAnswer } from '@/modules/inspections/server';
import { FormAnswer } from '@/modules/inspections/ui';
import { paymentsPage } from '@/modules/payments/server';
import { PaymentsBoard } from '@/modules/payments/ui';
import { currentStaff } from '@/modules/staff/ui.server';

export const metadata: Metadata = { title: PAYMENT_STAFF_COPY.title };

/** /admin/payments: today's money in, transfers waiting for an owner, due this week, late (docs/decisions/0414). */
export default async function PaymentsAdminPage() {
  const staff = await currentStaff();
  // Buyers' money is the owners' to see (agents see their own leads only: docs/decisions/0388).
  if (staff.role !== 'owner')
    return (
      <div className="space-y-4">
        <h1 className="text-3xl sm:text-4xl">{PAYMENT_STAFF_COPY.title}</h1>
        <p className="text-ink-soft">{PAYMENT_STAFF_COPY.ownersOnly}</p>
      </div>
    );
  const { db } = await getDatabase();
  const [page, answer] = await Promise.all([paymentsPage(db), formAnswer()]);
  return (
    <div className="space-y-6 sm:space-y-8">
      <div>
        <h1 className="text-3xl sm:text-4xl">{PAYMENT_STAFF_COPY.title}</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{PAYMENT_STAFF_COPY.intro}</p>
      </div>
      <FormAnswer {...answer} />
      <PaymentsBoard page={page} owner={staff.role === 'owner'} staffId={staff.id} />
    </div>
  );
}
