import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_TTL_MS,
  challengeNamedBy,
  counterWentBack,
  relyingParty,
  verifiedNewPasskey,
  verifiedSignature,
} from '@/lib/auth/webauthn.server';
import { getSiteFacts } from '@/lib/site-facts.server';
import { STAFF_COPY } from '@/content/staff';
import { deviceSystem } from '@/lib/auth/device-label';
import type { Db } from '@/lib/db/client';
import type { StaffPasskeyRow, StaffUserRow } from '@/lib/db/schema';
import { recordAudit } from '@/modules/staff/audit.server';
import { formatDateTime } from '@/lib/format';
import { logError } from '@/lib/log';
import { emailLayout, escapeHtml } from '@/lib/mail/html';
import { emailChannel } from '@/modules/messaging/server';
import {
  activeOwnerEmails,
  addPasskey,
  disablePasskey,
  listPasskeys,
  recordPasskeyUse,
  setPasskeyChallenge,
  takePasskeyChallenge,
} from '../repository.server';
import { recoveryCodesForFirstMethod } from './second-factor.server';
import { keepForRestore } from '../restore-again.server';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as the second step of sign-in
 * (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md). The relying party is the site
 * (src/lib/auth/webauthn.server.ts, shared with buyers' passkeys). The person is verified on the device (fingerprint, face or screen lock:
 * userVerification 'required'), so a passkey is something they have and something they are. Each ceremony's challenge
 * is kept on the account, one at a time, for CHALLENGE_TTL_MS, and taken back by the first answer that names it: an
 * answer replayed, or an answer to an older challenge, is refused.
 */

type Account = Pick<StaffUserRow, 'id' | 'email' | 'name'>;

/** The options of a new passkey for this account (its existing ones excluded); the challenge kept for the answer. */
export async function registrationOptions(db: Db, user: Account, now: Date): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The account's id, not its address: the authenticator keeps this handle.
    userID: new TextEncoder().encode(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await setPasskeyChallenge(db, user.id, options.challenge, new Date(now.getTime() + CHALLENGE_TTL_MS));
  return options;
}

/** The options to sign in with one of this account's passkeys; undefined when it has none. */
export async function authenticationOptions(db: Db, user: Account, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const passkeys = (await listPasskeys(db, user.id)).filter((passkey) => !passkey.disabledAt);
  if (passkeys.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  await setPasskeyChallenge(db, user.id, options.challenge, new Date(now.getTime() + CHALLENGE_TTL_MS));
  return options;
}

/**
 * Takes back the challenge the answer names, if it is the account's live one: true once. Whatever follows (a wrong
 * origin, a bad signature), the challenge is spent.
 */
async function takeChallengeOf(db: Db, userId: string, clientDataJSON: unknown, now: Date): Promise<string | undefined> {
  const challenge = challengeNamedBy(clientDataJSON);
  if (!challenge) return undefined;
  return (await takePasskeyChallenge(db, userId, challenge, now)) ? challenge : undefined;
}

/** The answer of the browser (startRegistration / startAuthentication), as sent by the page. */
type CeremonyAnswer = { response: Record<string, unknown> & { id: string } };

/**
 * Verifies a new passkey's answer and keeps the passkey, labelled by the device ("Passkey on Android"). Answers the
 * recovery codes to show once when it is the account's first method; undefined when the answer is not accepted.
 */
export async function registerPasskey(
  db: Db,
  user: Account,
  answer: CeremonyAnswer,
  userAgent: string | null,
  now: Date,
): Promise<{ recoveryCodes?: string[] } | undefined> {
  const response = answer.response as unknown as RegistrationResponseJSON;
  const challenge = await takeChallengeOf(db, user.id, response.response?.clientDataJSON, now);
  if (!challenge) return undefined;
  const registered = await verifiedNewPasskey(response, challenge);
  if (!registered) return undefined;
  const { credential, credentialBackedUp } = registered;
  const first = await recoveryCodesForFirstMethod(db, user.id);
  const added = await addPasskey(
    db,
    {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 8),
      backedUp: credentialBackedUp,
      label: STAFF_COPY.passkey.label(deviceSystem(userAgent)),
      createdAt: now,
    },
    first?.hashes,
    now,
  );
  return added ? { recoveryCodes: first?.codes } : undefined;
}

/** Verifies a sign-in with one of the account's passkeys; true when it is accepted (its use recorded). */
export async function verifyPasskeySignIn(db: Db, user: Account, answer: CeremonyAnswer, now: Date): Promise<boolean> {
  const response = answer.response as unknown as AuthenticationResponseJSON;
  const challenge = await takeChallengeOf(db, user.id, response.response?.clientDataJSON, now);
  if (!challenge) return false;
  const passkey = (await listPasskeys(db, user.id)).find((p) => p.credentialId === response.id);
  if (!passkey || passkey.disabledAt) return false;
  try {
    const authenticationInfo = await verifiedSignature(response, challenge, passkey);
    if (!authenticationInfo) return false;
    if (counterWentBack(authenticationInfo.newCounter, passkey.counter)) {
      await disableClonedPasskey(db, user, passkey, now);
      return false;
    }
    return recordPasskeyUse(db, passkey.id, {
      counter: authenticationInfo.newCounter,
      previousCounter: passkey.counter,
      backedUp: authenticationInfo.credentialBackedUp,
      at: now,
    });
  } catch {
    return false;
  }
}

/**
 * A passkey a copy of which signed: disabled (it signs nobody in until its person removes it and adds a new one), the
 * person told by e-mail, every active owner alerted by e-mail, as other owner alerts go, and the audit trail. Once.
 */
async function disableClonedPasskey(db: Db, user: Account, passkey: StaffPasskeyRow, now: Date): Promise<void> {
  const disabled = await disablePasskey(db, passkey.id, now);
  if (!disabled) return;
  await keepForRestore(user.id, { what: 'passkey-disabled', passkeyId: passkey.id }, now);
  await recordAudit(db, undefined, 'staff.second_factor', user.email, {
    change: 'disabled',
    method: 'passkey',
    label: passkey.label,
    reason: 'counter',
  });
  const { brand } = getSiteFacts();
  const at = formatDateTime(now);
  const person = STAFF_COPY.clonedPasskeyEmail;
  const owners = STAFF_COPY.clonedPasskeyOwnerEmail;
  const mails = [
    { to: [user.email], subject: person.subject(brand), paragraphs: [person.greeting, person.body(passkey.label, at), person.next] },
    ...(await activeOwnerEmails(db)).map((owner) => ({
      to: [owner],
      subject: owners.subject(brand),
      paragraphs: [owners.body(user.email, passkey.label, at), owners.next],
    })),
  ];
  for (const { to, subject, paragraphs } of mails) {
    const mail = {
      to,
      subject,
      text: [...paragraphs, brand].join('\n\n'),
      html: emailLayout(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + `<p>${escapeHtml(brand)}</p>`),
    };
    await emailChannel.send(db, mail).catch((error) => logError('[staff] a disabled-passkey e-mail was not sent', error));
  }
}
