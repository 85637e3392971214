import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { STAFF_COPY } from '@/content/staff';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schema';

/**
 * Password hashing with scrypt from node:crypto (no native module): N=2^17, r=8, p=1, 16-byte salt per password,
 * 32-byte key, stored as `scrypt$17$8$1$<salt>$<key>` (base64url), compared in constant time. The parameters are
 * read back from the stored string, so they can be raised later without breaking existing hashes.
 * Not marked server-only: the staff CLI (scripts/) imports it too.
 */

const DEFAULT = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8); Node's default cap is 32 MiB.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.log2N, params.r, params.p);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (![log2N, r, p].every(Number.isInteger) || log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scrypt(password, salt, log2N, r, p);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the e-mail is unknown so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

let common: Set<string> | undefined;
/**
 * On the list of the 3,000 most common passwords, or (since almost all of them are shorter than 12 characters)
 * one of them padded to length with digits/symbols ("password1234!") or repeated ("monkeymonkey").
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  const list = common;
  const lower = password.toLowerCase();
  if (list.has(password) || list.has(lower)) return true;
  const stripped = lower.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '');
  if (stripped.length >= 4 && list.has(stripped)) return true;
  for (let size = 3; size <= lower.length / 2; size++) {
    if (lower.length % size === 0 && lower.slice(0, size).repeat(lower.length / size) === lower) return true;
  }
  return false;
}

/** The policy for new passwords: 12 to 256 characters, not on the common list. Returns the problem or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return STAFF_COPY.errors.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return STAFF_COPY.errors.passwordLong;
  if (isCommonPassword(password)) return STAFF_COPY.errors.passwordCommon;
  return undefined;
}
