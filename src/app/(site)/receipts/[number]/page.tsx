import type { Metadata } from 'next';
import { PAYMENT_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { receiptPageOf } from '@/modules/payments/server';
import { ReceiptCard, ReceiptNotFound } from '@/modules/payments/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: PAYMENT_COPY.receipt.heading, robots: { index: false, follow: false } };

/** GET /receipts/<number>?code=<check code>: a receipt anyone shown it can check (docs/decisions/0414-the-money-core.md). */
export default async function ReceiptPage({
  params,
  searchParams,
}: {
  params: Promise<{ number: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ number }, { code }] = await Promise.all([params, searchParams]);
  const view = await receiptPageOf((await getDatabase()).db, decodeURIComponent(number), typeof code === 'string' ? code : undefined);
  return view ? <ReceiptCard view={view} /> : <ReceiptNotFound />;
}
