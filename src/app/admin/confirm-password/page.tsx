import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { ConfirmPasswordForm } from '@/features/staff/ConfirmPasswordForm';
import { formRefusal } from '@/features/staff/form-post.server';
import { stepAction } from '@/features/staff/sign-in-pages.server';
import { requireStaffPage } from '@/lib/auth/page-guard.server';
import { passwordIsRecent } from '@/lib/auth/recent-password.server';
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
  if (passwordIsRecent(staff)) redirect(staffNextPath(typeof next === 'string' ? next : undefined));
  return <ConfirmPasswordForm action={await stepAction(REAUTH_API, searchParams)} refusal={await formRefusal()} />;
}
