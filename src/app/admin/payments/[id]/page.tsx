import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { idParamSchema } from '@/lib/validation/id';
import { formAnswer } from '@/modules/inspections/server';
import { FormAnswer } from '@/modules/inspections/ui';
import { planPageOf } from '@/modules/payments/server';
import { PlanDetail } from '@/modules/payments/ui';
import { currentStaff } from '@/modules/staff/ui.server';

export const metadata: Metadata = { title: PAYMENT_STAFF_COPY.title };

/** /admin/payments/<claim>: one payment plan, its ledger and the owners' refunds, reversals and corrections (0416). */
export default async function PlanAdminPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await currentStaff();
  const copy = PAYMENT_STAFF_COPY;
  if (staff.role !== 'owner')
    return (
      <div className="space-y-4">
        <h1 className="text-3xl sm:text-4xl">{copy.title}</h1>
        <p className="text-ink-soft">{copy.ownersOnly}</p>
      </div>
    );
  const id = idParamSchema.safeParse((await params).id);
  const { db } = await getDatabase();
  const page = id.success ? await planPageOf(db, id.data) : undefined;
  if (!page) notFound();
  const answer = await formAnswer();
  return (
    <div className="space-y-6 sm:space-y-8">
      <div>
        <Link href="/admin/payments" className="text-sm underline underline-offset-4">
          ← {copy.plan.back}
        </Link>
        <h1 className="mt-2 text-3xl sm:text-4xl">{copy.plan.title(page.buyer.name)}</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{page.plot.label}</p>
      </div>
      <FormAnswer {...answer} />
      <PlanDetail page={page} staffId={staff.id} />
    </div>
  );
}
