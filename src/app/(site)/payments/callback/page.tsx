import type { Metadata } from 'next';
import { PAYMENT_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { callbackViewOf, receiptPath } from '@/modules/payments/server';
import { CallbackCard } from '@/modules/payments/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: PAYMENT_COPY.callback.title, robots: { index: false, follow: false } };

/**
 * GET /payments/callback?reference=…: where Paystack sends the buyer back. It shows the state the server established,
 * never the browser's word (docs/decisions/0414-the-money-core.md).
 */
export default async function PaymentCallbackPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { reference } = await searchParams;
  const database = await getDatabase();
  const view = await callbackViewOf(database.db, await database.jobs(), typeof reference === 'string' ? reference : undefined);
  const receiptHref = view.state === 'credited' && view.receipt ? receiptPath(view.receipt.number, view.receipt.checkCode) : undefined;
  return <CallbackCard view={view} receiptHref={receiptHref} />;
}
