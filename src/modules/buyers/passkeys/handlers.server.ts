import 'server-only';
import { ACCOUNT_PATHS } from '@/content/buyers';
import { getDatabase } from '@/lib/db/client';
import { wakeOutbox } from '@/modules/messaging/server';
import { buyerPasskeyAnswerSchema, passkeyOptionsSchema, removePasskeySchema } from '../contact';
import { accountPost } from '../sign-in/handlers.server';
import { buyerSessionOf, buyerTokenOf } from '../sign-in/sessions.server';
import {
  addBuyerPasskey,
  registrationOptionsFor,
  removeBuyerPasskey,
  signedInRecently,
  signInOptions,
  verifyBuyerPasskey,
} from './passkeys.server';

/**
 * The buyer's passkey posts (docs/decisions/0423), through the same frame as the other sign-in posts: cross-site
 * refused, 4xx {error} for anything wrong. Signing in with one counts against the sign-in limits, as links and codes
 * do; adding one needs a session that signed in recently; removing one is a plain form too.
 */

const signedOut = { refused: 'signedOut', page: ACCOUNT_PATHS.signIn, status: 401 } as const;

/** POST /api/account/sign-in/passkey/options → {ok, options}: a challenge for any passkey of the site. */
export const passkeySignInOptionsHandler = accountPost(
  'passkey sign-in options',
  passkeyOptionsSchema,
  () => ACCOUNT_PATHS.signIn,
  async ({ db, now }) => ({
    next: ACCOUNT_PATHS.signIn,
    json: { options: await signInOptions(db, now) },
  }),
);

/**
 * POST /api/account/sign-in/passkey {response} → {ok, next} with a session of the address the passkey is tied to (as
 * a link's or a code's); 401 when the answer is not accepted (unknown passkey, challenge used or expired, bad
 * signature, another site).
 */
export const passkeySignInHandler = accountPost(
  'passkey sign-in',
  buyerPasskeyAnswerSchema,
  () => ACCOUNT_PATHS.signIn,
  async ({ data, db, now }) => {
    const verified = await verifyBuyerPasskey(db, data, now);
    if (!verified) return { refused: 'passkeyFailed', page: ACCOUNT_PATHS.signIn, status: 401 };
    return { next: ACCOUNT_PATHS.account, signIn: { contact: verified.contact, channel: 'passkey' } };
  },
  true,
  'passkeyUnreadable',
);

/** POST /api/account/passkeys/options → {ok, options}: a new passkey's, for a session that signed in recently (else 403). */
export const passkeyOptionsHandler = accountPost(
  'passkey options',
  passkeyOptionsSchema,
  () => ACCOUNT_PATHS.account,
  async ({ request, db, now }) => {
    const session = await buyerSessionOf(db, buyerTokenOf(request), now);
    if (!session) return signedOut;
    if (!signedInRecently(session, now)) return { refused: 'signInAgain', page: ACCOUNT_PATHS.account, status: 403 };
    return { next: ACCOUNT_PATHS.account, json: { options: await registrationOptionsFor(db, session, now) } };
  },
  false,
);

/**
 * POST /api/account/passkeys {response} → {ok, next}: the new passkey kept, and the buyer told by e-mail (or SMS). 400
 * when the answer is not accepted; the challenge was tied to this session when it was asked for, recently signed in.
 */
export const addPasskeyHandler = accountPost(
  'add passkey',
  buyerPasskeyAnswerSchema,
  () => ACCOUNT_PATHS.account,
  async ({ request, data, db, now }) => {
    const session = await buyerSessionOf(db, buyerTokenOf(request), now);
    if (!session) return signedOut;
    const jobs = await (await getDatabase()).jobs();
    const added = await addBuyerPasskey(db, session, data, request.headers.get('user-agent'), now, jobs);
    if (!added) return { refused: 'passkeyNotAdded', page: ACCOUNT_PATHS.account, status: 400 };
    // As a sign-in link: the worker fetches the notice at once, not at its next poll.
    wakeOutbox(jobs);
    return { next: ACCOUNT_PATHS.account };
  },
  false,
  'passkeyUnreadable',
);

/** POST /api/account/passkeys/remove {passkey} → 303 /account (or {ok}); 404 when it is not one of the buyer's. */
export const removePasskeyHandler = accountPost(
  'remove passkey',
  removePasskeySchema,
  () => ACCOUNT_PATHS.account,
  async ({ request, data, db, now }) => {
    const session = await buyerSessionOf(db, buyerTokenOf(request), now);
    if (!session) return signedOut;
    if (!(await removeBuyerPasskey(db, session, data.passkey)))
      return { refused: 'passkeyNotFound', page: ACCOUNT_PATHS.account, status: 404 };
    return { next: ACCOUNT_PATHS.account };
  },
  false,
  'passkeyNotFound',
);
