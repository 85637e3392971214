import 'server-only';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { STAFF_COPY } from '@/content/staff';
import { getEnv } from '@/lib/env.server';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schema';

/**
 * Password hashing with scrypt from node:crypto (no native module): N=2^17 (STAFF_PASSWORD_SCRYPT_LOG2N, lowered
 * only by test servers), r=8, p=1, 16-byte salt per password, 32-byte key, stored as `scrypt$17$8$1$<salt>$<key>`
 * (base64url), compared in constant time. The parameters are read back from the stored string, so they can be
 * raised later without breaking existing hashes.
 */

const hashParams = () => ({ log2N: getEnv().STAFF_PASSWORD_SCRYPT_LOG2N, r: 8, p: 1 });
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8); Node's default cap is 32 MiB.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params = hashParams()): Promise<string> {
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

/**
 * At most this many password checks hash at once in this process: scrypt runs on libuv's thread pool (4 threads by
 * default) and takes 128 MiB each, so more at once would only queue and hold memory. Beyond it, sign-in answers 503.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = 4;
let hashesRunning = 0;

/** A slot for one password check, or undefined when all are taken; release it when done. */
export function acquireHashSlot(): { release: () => void } | undefined {
  if (hashesRunning >= MAX_CONCURRENT_PASSWORD_HASHES) return undefined;
  hashesRunning++;
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      hashesRunning--;
    },
  };
}

/** A hash of a random password, verified against when the e-mail is unknown so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

/**
 * zxcvbn score (0–4) a new password must reach: 4 means an estimated 10^10 guesses or more. With 3 (10^8) the
 * integration tests' "iloveyou2024!!" (10^8.0 guesses) would pass.
 */
const MIN_SCORE = 4;

let zxcvbn: ZxcvbnFactory | undefined;
/**
 * Too easy to guess by zxcvbn (@zxcvbn-ts/core with the common-language dictionaries: ~49,000 frequent passwords,
 * the diceware list, keyboard layouts), which also sees through predictable padding ("password1234!"),
 * repeats ("monkeymonkey"), l33t, dates and keyboard walks. Built on first use: ranking the dictionaries is slow.
 */
export function isCommonPassword(password: string): boolean {
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return zxcvbn.check(password).score < MIN_SCORE;
}

/** The policy for new passwords: 12 to 256 characters, hard to guess. Returns the problem or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return STAFF_COPY.errors.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return STAFF_COPY.errors.passwordLong;
  if (isCommonPassword(password)) return STAFF_COPY.errors.passwordCommon;
  return undefined;
}
