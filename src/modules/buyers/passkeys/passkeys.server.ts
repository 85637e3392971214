import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ACCOUNT_COPY } from '@/content/buyers';
import { deviceSystem } from '@/lib/auth/device-label';
import {
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_TTL_MS,
  challengeNamedBy,
  counterWentBack,
  relyingParty,
  verifiedNewPasskey,
  verifiedSignature,
} from '@/lib/auth/webauthn.server';
import { recordBuyerPasskeyRemoved } from '@/lib/backup/restore-ledger.server';
import type { Db } from '@/lib/db/client';
import type { BuyerPasskeyCeremony } from '@/lib/db/enums';
import { logError } from '@/lib/log';
import { buyerPasskeyChallenges, buyerPasskeys, type BuyerPasskeyRow } from '@/lib/db/schema';
import type { BuyerSession } from '../sign-in/sessions.server';
import { queuePasskeyNotice } from './notice.server';

/**
 * A buyer's passkeys (docs/decisions/0423): the phone's fingerprint, face or screen lock instead of a link or code.
 * The relying party is the site, as for staff (src/lib/auth/webauthn.server.ts). A passkey is tied to the address the
 * buyer proved (`contact`), as their sessions are, and is discoverable: signing in asks for no address, the passkey
 * says whose it is. Each ceremony's challenge is a row that the first answer naming it deletes (single use), five
 * minutes at most; adding one is tied to the session that asked, and only a session that signed in within
 * RECENT_SIGN_IN_MINUTES may ask, so a stolen, older session cannot plant a passkey.
 */
export const RECENT_SIGN_IN_MINUTES = 15;

export const signedInRecently = (session: BuyerSession, now: Date) =>
  now.getTime() - session.signedInAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;

/** The answer of the browser (startRegistration / startAuthentication), its shape checked by passkeyAnswerSchema. */
type CeremonyAnswer = { response: Record<string, unknown> & { id: string } };

export type BuyerPasskey = Pick<BuyerPasskeyRow, 'id' | 'label' | 'createdAt' | 'lastUsedAt'>;

/** The buyer's passkeys (those of the address this session proved), oldest first. */
export function passkeysOf(db: Db, session: BuyerSession): Promise<BuyerPasskey[]> {
  return db
    .select({ id: buyerPasskeys.id, label: buyerPasskeys.label, createdAt: buyerPasskeys.createdAt, lastUsedAt: buyerPasskeys.lastUsedAt })
    .from(buyerPasskeys)
    .where(eq(buyerPasskeys.contact, session.contact))
    .orderBy(asc(buyerPasskeys.createdAt));
}

async function keepChallenge(db: Db, challenge: string, ceremony: BuyerPasskeyCeremony, sessionId: string | null, now: Date) {
  // Challenges nobody answered in time are forgotten here (cheap, indexed).
  await db.delete(buyerPasskeyChallenges).where(lt(buyerPasskeyChallenges.expiresAt, now));
  await db.insert(buyerPasskeyChallenges).values({ challenge, ceremony, sessionId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/** Deletes the live challenge the answer names for this ceremony (and session): the challenge once, then never again. */
async function takeChallenge(db: Db, clientDataJSON: unknown, ceremony: BuyerPasskeyCeremony, sessionId: string | null, now: Date) {
  const challenge = challengeNamedBy(clientDataJSON);
  if (!challenge) return undefined;
  const [taken] = await db
    .delete(buyerPasskeyChallenges)
    .where(
      and(
        eq(buyerPasskeyChallenges.challenge, challenge),
        eq(buyerPasskeyChallenges.ceremony, ceremony),
        sessionId ? eq(buyerPasskeyChallenges.sessionId, sessionId) : isNull(buyerPasskeyChallenges.sessionId),
        gt(buyerPasskeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: buyerPasskeyChallenges.challenge });
  return taken?.challenge;
}

/** The options of a new passkey for the buyer of this (recent) session, their passkeys excluded. */
export async function registrationOptionsFor(db: Db, session: BuyerSession, now: Date): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  const existing = await db
    .select({ credentialId: buyerPasskeys.credentialId, transports: buyerPasskeys.transports })
    .from(buyerPasskeys)
    .where(eq(buyerPasskeys.contact, session.contact));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The name the phone shows in its list of passkeys: the buyer's own address, on their own device.
    userName: session.contact,
    // A random handle, not the address: the authenticator keeps it; the passkeys excluded below keep one per device.
    userID: new Uint8Array(randomBytes(32)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // Discoverable: signing in names no address, the passkey does.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', session.id, now);
  return options;
}

/**
 * Verifies a new passkey's answer and keeps it, labelled by the device ("Passkey on Android"), with the notice to the buyer
 * queued in the same transaction; undefined if refused.
 */
export async function addBuyerPasskey(
  db: Db,
  session: BuyerSession,
  answer: CeremonyAnswer,
  userAgent: string | null,
  now: Date,
  jobs: PgBoss,
): Promise<BuyerPasskey | undefined> {
  const response = answer.response as unknown as RegistrationResponseJSON;
  const challenge = await takeChallenge(db, response.response?.clientDataJSON, 'register', session.id, now);
  if (!challenge) return undefined;
  const registered = await verifiedNewPasskey(response, challenge);
  if (!registered) return undefined;
  const { credential, credentialBackedUp } = registered;
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(buyerPasskeys)
      .values({
        contact: session.contact,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 8),
        backedUp: credentialBackedUp,
        label: ACCOUNT_COPY.passkeys.label(deviceSystem(userAgent)),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({
        id: buyerPasskeys.id,
        label: buyerPasskeys.label,
        createdAt: buyerPasskeys.createdAt,
        lastUsedAt: buyerPasskeys.lastUsedAt,
      });
    // The buyer is told with the passkey's commit (whoever holds the address learns of a passkey they did not add).
    if (added) await queuePasskeyNotice(tx, jobs, session.contact, added.id, now);
    return added;
  });
}

/** The options to sign in with a passkey of this site (any buyer's: the passkey chosen says whose). */
export async function signInOptions(db: Db, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  await keepChallenge(db, options.challenge, 'sign_in', null, now);
  return options;
}

/** Verifies a sign-in with a passkey: the address it is tied to, its use recorded; undefined when refused. */
export async function verifyBuyerPasskey(db: Db, answer: CeremonyAnswer, now: Date): Promise<{ contact: string } | undefined> {
  const response = answer.response as unknown as AuthenticationResponseJSON;
  const challenge = await takeChallenge(db, response.response?.clientDataJSON, 'sign_in', null, now);
  if (!challenge) return undefined;
  const [passkey] = await db.select().from(buyerPasskeys).where(eq(buyerPasskeys.credentialId, response.id));
  if (!passkey) return undefined;
  try {
    const authenticationInfo = await verifiedSignature(response, challenge, passkey);
    // A counter that went back: a copy of the key signed. Refused; its buyer still signs in by link or code.
    if (!authenticationInfo || counterWentBack(authenticationInfo.newCounter, passkey.counter)) return undefined;
    // Only the use that found the counter where it was is recorded: two answers racing cannot both move it.
    const [used] = await db
      .update(buyerPasskeys)
      .set({ counter: authenticationInfo.newCounter, backedUp: authenticationInfo.credentialBackedUp, lastUsedAt: now })
      .where(and(eq(buyerPasskeys.id, passkey.id), eq(buyerPasskeys.counter, passkey.counter)))
      .returning({ contact: buyerPasskeys.contact });
    return used;
  } catch {
    return undefined;
  }
}

/** Removes one of the buyer's own passkeys; false when the id is not one of theirs. */
export async function removeBuyerPasskey(db: Db, session: BuyerSession, id: string): Promise<boolean> {
  const removed = await db
    .delete(buyerPasskeys)
    .where(and(eq(buyerPasskeys.id, id), eq(buyerPasskeys.contact, session.contact)))
    .returning({ id: buyerPasskeys.id });
  if (removed.length === 0) return false;
  // The removal stands either way: a ledger that cannot be written (BACKUP_DIR full or gone) is logged.
  await recordBuyerPasskeyRemoved(id).catch((error) =>
    logError('[buyers] a passkey is removed but could not be written to the backup ledger; a restore would bring it back', error),
  );
  return true;
}
