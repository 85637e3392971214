import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { challengeTokenOf, clearStaffCookie, setStaffCookie, tokenFromCookies } from '@/lib/auth/cookie.server';
import { sessionKey } from '@/lib/auth/secret.server';
import { signChallengeToken, verifyChallengeToken, type ChallengePurpose } from '@/lib/auth/token.server';
import { servedOverHttps, type RequestLike } from '@/lib/auth/transport.server';
import { SIGN_IN_PATH } from '@/lib/constants';
import type { Db } from '@/lib/db/client';
import type { StaffUserRow } from '@/lib/db/schema';
import { findStaffRowById, hasSecondFactor } from '../repository.server';

/**
 * A sign-in half-way (docs/decisions/0322-second-factor.md): after the right password, an account with a second
 * factor answers it, and one without sets one up, within CHALLENGE_TTL_SECONDS. The state travels in a signed,
 * HttpOnly cookie; nothing is stored until the sign-in completes.
 */
const CHALLENGE_TTL_SECONDS = 600;

export interface Challenge {
  user: StaffUserRow;
  purpose: ChallengePurpose;
  passwordCheckedAt: Date;
}

export async function issueChallenge(
  response: Response,
  request: RequestLike,
  userId: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<void> {
  const token = await signChallengeToken(sessionKey(), { sub: userId, purpose }, now, CHALLENGE_TTL_SECONDS);
  setStaffCookie(response, request, 'challenge', token, CHALLENGE_TTL_SECONDS);
}

export const endChallenge = (response: Response, request: RequestLike) => clearStaffCookie(response, request, 'challenge');

async function challengeFromToken(db: Db, token: string | undefined, now: Date): Promise<Challenge | undefined> {
  if (!token) return undefined;
  const claims = await verifyChallengeToken(sessionKey(), token, now);
  if (!claims) return undefined;
  const user = await findStaffRowById(db, claims.sub);
  if (!user?.active) return undefined;
  // The password changed after this one was typed (a reset, or an owner set a new one): start again (0341). The
  // claim is whole seconds.
  if (user.passwordChangedAt && Math.floor(user.passwordChangedAt.getTime() / 1000) * 1000 > claims.passwordCheckedAt.getTime())
    return undefined;
  // Setting up is for an account without a second factor: once it has one (set up in another tab, or by whoever else
  // had this cookie), the set-up steps take no more methods and sessions from it; the sign-in starts again.
  if (claims.purpose === 'enrol' && (await hasSecondFactor(db, user.id))) return undefined;
  return { user, purpose: claims.purpose, passwordCheckedAt: claims.passwordCheckedAt };
}

/** The challenge a request carries, when live and for this purpose. */
export async function challengeOf(db: Db, request: Request, purpose: ChallengePurpose, now: Date): Promise<Challenge | undefined> {
  const challenge = await challengeFromToken(db, challengeTokenOf(request), now);
  return challenge?.purpose === purpose ? challenge : undefined;
}

/** The challenge a request carries, when live, whichever step it is at (the passkey APIs serve both). */
export async function liveChallengeOf(db: Db, request: Request, now: Date): Promise<Challenge | undefined> {
  return challengeFromToken(db, challengeTokenOf(request), now);
}

/** For the step's page: the live challenge, or a redirect to the sign-in page to start again. */
export async function requireChallengePage(db: Db, purpose: ChallengePurpose): Promise<Challenge> {
  const token = tokenFromCookies(await cookies(), servedOverHttps({ headers: await headers() }), 'challenge');
  const challenge = await challengeFromToken(db, token, new Date());
  if (challenge?.purpose !== purpose) redirect(SIGN_IN_PATH);
  return challenge;
}
