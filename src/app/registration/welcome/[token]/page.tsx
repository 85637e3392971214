import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { invitedAccount } from '@/modules/staff/server';
import { NewPasswordForm } from '@/modules/staff/ui';

// The link's token is in this page's path: no Referer carries it to another site. `same-origin`, not `no-referrer`:
// with that, a form posted from here without scripts says `Origin: null` and is refused as cross-site.
export const metadata: Metadata = { title: STAFF_COPY.welcome.title, robots: { index: false, follow: false }, referrer: 'same-origin' };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.welcome;

/**
 * Where a new account's invitation link leads (docs/decisions/0347-invitations-not-initial-passwords.md): its first
 * password while the link is live. Opening it does not use it up.
 */
export default async function WelcomePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getDatabase();
  const account = await invitedAccount(db, token);
  if (!account) {
    return (
      <AuthCard heading={copy.expiredHeading} intro={<p>{STAFF_COPY.errors.invitationExpired}</p>} startAgain>
        {null}
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()} startAgain>
      <NewPasswordForm token={token} invitedEmail={account.email} />
    </AuthCard>
  );
}
