import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { ACCOUNT_PATH } from '@/lib/constants';
import { recoveryCodesForPage } from '@/modules/staff/server';
import { RecoveryCodeList } from '@/modules/staff/ui';

export const metadata: Metadata = { title: STAFF_COPY.enrol.codesHeading };

const copy = STAFF_COPY.enrol;

/**
 * The recovery codes of Your account's set-up (or new codes) posted before the page's script ran (form-post.server.ts):
 * shown this once, then back to Your account. Once the minute has passed there is nothing to show: straight back.
 */
export default async function AccountCodesPage() {
  await requireStaffPage();
  const codes = await recoveryCodesForPage();
  if (!codes) redirect(ACCOUNT_PATH);
  return (
    <section aria-labelledby="codes" className="max-w-xl space-y-4 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6">
      <h1 id="codes" className="text-3xl sm:text-4xl">
        {copy.codesHeading}
      </h1>
      <p className="text-ink-soft">{copy.codesIntro}</p>
      <RecoveryCodeList codes={codes} />
      <Link href={ACCOUNT_PATH} className="btn-primary w-full sm:w-auto">
        {STAFF_COPY.account.codesBack}
      </Link>
    </section>
  );
}
