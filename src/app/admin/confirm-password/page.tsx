import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { ConfirmPasswordForm } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { stepAction } from '@/modules/staff/server';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { confirmPageGoesOn, isDownloadPage } from '@/modules/staff/server';
import { REAUTH_API, staffNextPath } from '@/lib/constants';

export const metadata: Metadata = { title: STAFF_COPY.reauth.title };

/**
 * The password again without scripts (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md): a plain form;
 * once the password is recent, on to `?next=` (a page inside /admin, such as a download's page).
 */
export default async function ConfirmPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaffPage();
  const { next } = await searchParams;
  const onward = staffNextPath(typeof next === 'string' ? next : undefined);
  if (confirmPageGoesOn(staff, onward)) redirect(onward);
  // A download's page goes on to the file; any other page (a form sent without scripts, 0347) is shown again.
  return (
    <ConfirmPasswordForm
      action={await stepAction(REAUTH_API, searchParams)}
      refusal={await formRefusal()}
      forDownload={isDownloadPage(onward)}
    />
  );
}
