import type { Metadata } from 'next';
import { PAYMENT_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { openCheckout } from '@/modules/payments/server';
import { ContinueToPaystack } from '@/modules/payments/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: PAYMENT_COPY.pay.continueHeading, robots: { index: false, follow: false } };

/** GET /payments/continue?reference=…: sends the browser on to the checkout Paystack opened for it. */
export default async function ContinueToPaystackPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { reference } = await searchParams;
  const checkout = await openCheckout((await getDatabase()).db, typeof reference === 'string' ? reference : undefined);
  return <ContinueToPaystack checkout={checkout} />;
}
