import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ACCOUNT_PATHS } from '@/content/buyers';
import { servedOverHttps } from '@/lib/auth/transport.server';
import { getDatabase } from '@/lib/db/client';
import { accountOf } from '../account/account.server';
import { isLiveLink } from '../sign-in/sign-in.server';
import { passkeysOf, RECENT_SIGN_IN_MINUTES, signedInRecently } from '../passkeys/passkeys.server';
import { buyerSessionOf, buyerTokenFrom, devicesOf } from '../sign-in/sessions.server';
import { AccountPage } from './AccountPage';
import { LinkPage } from './SignInPages';

/** The signed-in buyer of this page's request, or the sign-in page: every buyer page starts here. */
export async function requireBuyer() {
  const { db } = await getDatabase();
  const token = buyerTokenFrom(await cookies(), servedOverHttps({ headers: await headers() }));
  const session = await buyerSessionOf(db, token, new Date());
  if (!session) redirect(ACCOUNT_PATHS.signIn);
  return { db, session };
}

/** /account: the signed-in buyer's page. */
export async function AccountScreen() {
  const { db, session } = await requireBuyer();
  const now = new Date();
  const [view, devices, passkeys] = await Promise.all([accountOf(db, session, now), devicesOf(db, session, now), passkeysOf(db, session)]);
  const canAdd = signedInRecently(session, now);
  return <AccountPage view={view} devices={devices} passkeys={{ list: passkeys, canAdd, recentMinutes: RECENT_SIGN_IN_MINUTES }} />;
}

/** /account/link/<token>: whether the link is live decides the page; looking uses nothing up. */
export async function LinkScreen({ token }: { token: string }) {
  const { db } = await getDatabase();
  return <LinkPage token={token} live={await isLiveLink(db, token, new Date())} />;
}
