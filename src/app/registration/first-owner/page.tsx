import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { awaitsFirstOwner } from '@/modules/staff/server';
import { FirstOwnerForm } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';

export const metadata: Metadata = { title: STAFF_COPY.firstOwner.title, robots: { index: false, follow: false } };
// Per request: it exists only while the install has no staff account.
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.firstOwner;

/** A new install's first owner, with the server's set-up code (docs/decisions/0380-first-owner-set-up-code.md); gone once any account exists. */
export default async function FirstOwnerPage() {
  const { db } = await getDatabase();
  if (!(await awaitsFirstOwner(db))) notFound();
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()} startAgain>
      <FirstOwnerForm />
      <p className="mt-6 text-sm leading-relaxed text-ink-soft">{copy.expired}</p>
    </AuthCard>
  );
}
