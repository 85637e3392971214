import type { Metadata } from 'next';
import { PAYMENT_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { payPageOf } from '@/modules/payments/server';
import { PayPage } from '@/modules/payments/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: PAYMENT_COPY.pay.title, robots: { index: false, follow: false } };

/** GET /payments/pay?t=<the hold's link>: what is due on the plot and how to pay it (docs/decisions/0414-the-money-core.md). */
export default async function PayForPlotPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { t, failed, account } = await searchParams;
  const view = await payPageOf((await getDatabase()).db, typeof t === 'string' ? t : undefined);
  return <PayPage view={view} failed={typeof failed === 'string'} accountFailed={typeof account === 'string' ? account : undefined} />;
}
