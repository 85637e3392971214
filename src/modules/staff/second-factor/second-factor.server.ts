import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { getSiteFacts } from '@/lib/site-facts.server';
import type { Db } from '@/lib/db/client';
import { deleteStoredSecrets, existingStoredSecret } from '@/lib/db/secrets.server';
import { currentSecretsKey, KEYS_ONCE_IN_THE_DATABASE, openWithSecretsKey, sealWithSecretsKey } from '@/lib/security/secrets-key.server';
import {
  acceptTotpStep,
  clearSecondFactor,
  enableTotp,
  hasSecondFactor,
  replaceRecoveryCodes,
  replaceSealedTotpSecret,
  sealedTotpSecrets,
  secondFactorOf,
  setPendingTotpSecret,
  spendRecoveryCode,
} from '../repository.server';
import { keepForRestore } from '../restore-again.server';

/**
 * The second factor of staff sign-in (docs/decisions/0322-second-factor.md): TOTP (RFC 6238) through `otpauth`, with
 * the parameters every authenticator app reads (SHA-1, 6 digits, 30 s), one step of clock drift either way, and each
 * step accepted once. The secret is kept encrypted (JWE dir + A256GCM, jose) with a key derived from the secrets key,
 * which is kept apart from the database (docs/decisions/0346-keys-apart-from-the-data.md), so a copy of the database or
 * a backup, an export or a log line never carries a usable secret. Ten single-use recovery codes,
 * stored as SHA-256 hashes (they are random, 60 bits each: a slow hash adds nothing).
 */

const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps of clock drift accepted either side of now. */
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

const sealSecret = (base32: string) => sealWithSecretsKey('second-factor', base32);

/**
 * Opens a sealed second-factor secret: with the key it names (the current one, or the one before a rotation), or, when
 * it names none (sealed before docs/decisions/0346), with the old key the database held.
 */
async function openSecret(db: Db, sealed: string): Promise<string> {
  if (decodeProtectedHeader(sealed).kid !== undefined) return openWithSecretsKey('second-factor', sealed);
  const legacy = await existingStoredSecret(db, KEYS_ONCE_IN_THE_DATABASE.secondFactor);
  if (!legacy) throw new Error('The second-factor secret was sealed with a key this server does not have (SECRETS_KEY changed?).');
  const { plaintext } = await compactDecrypt(sealed, new Uint8Array(Buffer.from(legacy, 'base64url')));
  return new TextDecoder().decode(plaintext);
}

/**
 * Seals every second-factor secret not sealed with the current key anew with it (after an upgrade, the old key was
 * in the database; after a rotation, SECRETS_KEY_PREVIOUS). Once none is left, the old keys leave the database.
 * Run at start-up and by `npm run secrets:rotate`. Returns what it did; a secret no known key opens is left as it is
 * and counted (an owner resets that person's two-step sign-in).
 */
export async function resealSecondFactorSecrets(db: Db): Promise<{ resealed: number; unreadable: number }> {
  const current = currentSecretsKey();
  let resealed = 0;
  let unreadable = 0;
  for (const { id, sealed } of await sealedTotpSecrets(db)) {
    if (decodeProtectedHeader(sealed).kid === current.id) continue;
    try {
      if (await replaceSealedTotpSecret(db, id, sealed, await sealSecret(await openSecret(db, sealed)))) resealed++;
    } catch {
      unreadable++;
    }
  }
  if (unreadable === 0) await deleteStoredSecrets(db, Object.values(KEYS_ONCE_IN_THE_DATABASE));
  return { resealed, unreadable };
}

const totpOf = (base32: string, email = '') =>
  new TOTP({ ...TOTP_PARAMS, issuer: getSiteFacts().brand, label: email, secret: Secret.fromBase32(base32) });

/** The time step a code belongs to, or undefined when it matches none within the drift. */
function stepOfCode(base32: string, code: string, now: Date): number | undefined {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / TOTP_PARAMS.period) + delta;
}

/** Digits only, spaces dropped: what a person types from an authenticator app ("123 456"). */
const asTotpCode = (input: string) => {
  const code = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
};

/** Recovery codes are compared lower-case without separators ("ABCD-EFGH-JKMN" = "abcdefghjkmn"). */
const normaliseRecoveryCode = (input: string) => input.toLowerCase().replace(/[\s-]+/g, '');
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

export interface Enrolment {
  /** The secret in base32, to type into an app by hand (shown in groups of four). */
  secret: string;
  /** The otpauth:// URI an app scans. */
  uri: string;
  /** The QR code of the URI, as an SVG data URL (rendered here, no script needed). */
  qrDataUrl: string;
}

/**
 * The enrolment to show for this account's confirmation: a new pending secret each time it is shown, replacing the one
 * shown before (docs/decisions/0347-invitations-not-initial-passwords.md). A secret copied from an earlier showing (by
 * someone who knew the password first) stops working, and only the one shown last confirms; a reload or a second tab
 * shows a new one. Undefined when a second factor is already enabled.
 */
export async function pendingEnrolment(db: Db, user: { id: string; email: string }): Promise<Enrolment | undefined> {
  const secret = new Secret({ size: 20 }).base32;
  if (!(await setPendingTotpSecret(db, user.id, await sealSecret(secret)))) return undefined;
  const uri = totpOf(secret, user.email).toString();
  const svg = renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Recovery codes for an account's first method (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md): the
 * codes to show once and their hashes to store; none when the account has a method already (its codes stay).
 */
export async function recoveryCodesForFirstMethod(db: Db, userId: string): Promise<{ codes: string[]; hashes: string[] } | undefined> {
  if (await hasSecondFactor(db, userId)) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/**
 * Confirms the pending enrolment with a code from the app: enables it and answers the recovery codes to show once (the
 * account's first method), or none (the app beside a passkey); undefined when the code does not match.
 */
export async function confirmEnrolment(
  db: Db,
  userId: string,
  input: string,
  now: Date,
): Promise<{ recoveryCodes?: string[] } | undefined> {
  const state = await secondFactorOf(db, userId);
  const code = asTotpCode(input);
  if (!state?.totpSecret || state.totpEnabledAt || !code) return undefined;
  const step = stepOfCode(await openSecret(db, state.totpSecret), code, now);
  if (step === undefined) return undefined;
  const first = await recoveryCodesForFirstMethod(db, userId);
  const enabled = await enableTotp(db, userId, state.totpSecret, step, first?.hashes, now);
  return enabled ? { recoveryCodes: first?.codes } : undefined;
}

export type SecondFactorCheck = { ok: true; method: 'totp' | 'recovery' } | { ok: false };

/**
 * Checks a code from the app (each step once) or an unused recovery code (then used up). Recovery codes also stand in
 * for a passkey (an account with passkeys only has them too).
 */
export async function checkSecondFactor(db: Db, userId: string, input: string, now: Date): Promise<SecondFactorCheck> {
  const state = await secondFactorOf(db, userId);
  if (!state) return { ok: false };
  const code = asTotpCode(input);
  if (code) {
    if (!state.totpSecret || !state.totpEnabledAt) return { ok: false };
    const step = stepOfCode(await openSecret(db, state.totpSecret), code, now);
    return step !== undefined && (await acceptTotpStep(db, userId, step)) ? { ok: true, method: 'totp' } : { ok: false };
  }
  const recovery = normaliseRecoveryCode(input);
  if (recovery.length !== 12) return { ok: false };
  return (await spendRecoveryCode(db, userId, hashRecoveryCode(recovery), now)) ? { ok: true, method: 'recovery' } : { ok: false };
}

/** New recovery codes for an enrolled account (the old ones stop working); undefined when none is enrolled. */
export async function renewRecoveryCodes(db: Db, userId: string): Promise<string[] | undefined> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = codes.map(hashRecoveryCode);
  if (!(await replaceRecoveryCodes(db, userId, hashes))) return undefined;
  // A restore of an older backup must not bring back the codes these replace (docs/decisions/0404).
  await keepForRestore(userId, { what: 'recovery-codes', codeHashes: hashes });
  return codes;
}

/**
 * Removes the whole second factor: the app, every passkey and the recovery codes (an owner's reset of another's, or the
 * CLI): the account sets it up again at its next sign-in, whatever its role.
 */
export const removeSecondFactor = (db: Db, userId: string) => clearSecondFactor(db, userId);
