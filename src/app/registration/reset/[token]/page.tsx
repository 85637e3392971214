import Link from 'next/link';
import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { PASSWORD_RESET_PATH } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { isLiveResetToken } from '@/modules/staff/server';
import { NewPasswordForm } from '@/modules/staff/ui';

// The link's token is in this page's path: no Referer carries it to another site (same-origin, as on the welcome page).
export const metadata: Metadata = { title: STAFF_COPY.reset.title, robots: { index: false, follow: false }, referrer: 'same-origin' };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.reset;

/** Where a password-reset link leads: a new password while the link is live. Opening it does not use it up. */
export default async function NewPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getDatabase();
  if (!(await isLiveResetToken(db, token))) {
    return (
      <AuthCard heading={copy.expiredHeading} intro={<p>{STAFF_COPY.errors.linkExpired}</p>} startAgain>
        <p className="mt-8 text-center">
          <Link href={PASSWORD_RESET_PATH} className="btn-primary">
            {copy.askAgain}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={copy.newHeading} intro={<p>{copy.newIntro}</p>} refusal={await formRefusal()} startAgain>
      <NewPasswordForm token={token} />
    </AuthCard>
  );
}
