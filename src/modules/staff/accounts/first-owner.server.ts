import 'server-only';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { lockKeysInOrder } from '@/lib/db/conflicts';
import { deleteStoredSecrets, existingStoredSecret, putStoredSecret } from '@/lib/db/secrets.server';
import { getEnv } from '@/lib/env.server';
import { openWithSecretsKey, sealWithSecretsKey } from '@/lib/security/secrets-key.server';
import { countStaff, createStaff, type StaffPublic } from '../repository.server';

/**
 * The first owner of a new install (docs/decisions/0380-first-owner-set-up-code.md): while no staff account exists the
 * server prints a one-time set-up code at start (and keeps it in DATA_DIR, readable by its user only), and
 * /registration/first-owner takes it with the owner's e-mail and password. The code is kept in the database sealed with
 * the secrets key, so every instance on one PostgreSQL prints the same one; it works for SET_UP_CODE_TTL_HOURS, and a
 * start after that makes a new one. Whichever way the first account is made (this page, ADMIN_EMAIL, staff:create), it
 * is made under one lock: two at once make one owner.
 */
export const SET_UP_CODE_TTL_HOURS = 24;
export const SET_UP_CODE_FILE = 'first-owner-setup.txt';
const SETUP_SECRET = 'first_owner_setup';

/** Letters and digits nobody misreads from a terminal (no 0/O, 1/I/L, U); 12 of them are 60 bits. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
/** As typed: case, spaces and dashes do not matter. */
const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const digest = (code: string) => createHash('sha256').update(normalised(code)).digest();

interface StoredCode {
  sealed: string;
  expiresAt: string;
}

async function storedCode(db: Db): Promise<{ code: string; expiresAt: Date } | undefined> {
  const value = await existingStoredSecret(db, SETUP_SECRET);
  if (value === undefined) return undefined;
  try {
    const stored = JSON.parse(value) as StoredCode;
    return { code: await openWithSecretsKey('first-owner', stored.sealed), expiresAt: new Date(stored.expiresAt) };
  } catch {
    return undefined; // sealed with a key this server no longer has: a new code replaces it
  }
}

const setUpFile = () => path.resolve(/*turbopackIgnore: true*/ getEnv().DATA_DIR, SET_UP_CODE_FILE);

/**
 * At start: the live set-up code while no staff account exists (made now when there is none, or it expired), written
 * to DATA_DIR/first-owner-setup.txt; undefined once an account exists (and the file is removed).
 */
export async function setUpCodeAtStart(db: Db, setUpUrl: string, now = new Date()): Promise<{ code: string; expiresAt: Date } | undefined> {
  if ((await countStaff(db)) > 0) {
    await forgetSetUpCode(db);
    return undefined;
  }
  let live = await storedCode(db);
  if (!live || live.expiresAt <= now) {
    const fresh = { code: newCode(), expiresAt: new Date(now.getTime() + SET_UP_CODE_TTL_HOURS * 3_600_000) };
    const value = JSON.stringify({ sealed: await sealWithSecretsKey('first-owner', fresh.code), expiresAt: fresh.expiresAt.toISOString() });
    // Two instances starting at once: the one whose code is stored last is the one both print (read back below).
    await putStoredSecret(db, SETUP_SECRET, value, now);
    live = (await storedCode(db)) ?? fresh;
  }
  const file = setUpFile();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${setUpUrl}\nset-up code: ${live.code}\nworks once, until ${live.expiresAt.toISOString()}\n`, { mode: 0o600 });
  return live;
}

/** Whether the install has no staff account yet (the sign-in page then offers the set-up). */
export const awaitsFirstOwner = async (db: Db) => (await countStaff(db)) === 0;

/** Whether `code` is the live set-up code, compared in constant time. */
export async function isSetUpCode(db: Db, code: string, now = new Date()): Promise<boolean> {
  const live = await storedCode(db);
  return Boolean(live && live.expiresAt > now && timingSafeEqual(digest(code), digest(live.code)));
}

export type FirstOwnerOutcome = { created: StaffPublic } | { refused: 'exists' | 'code' };

/**
 * Makes the first owner, once: under the lock every first account takes, only while no account exists and, with a
 * set-up `code`, only while it is the live one (then it is used up). `passwordHash` is made before, outside the lock.
 */
export async function createFirstOwner(
  db: Db,
  owner: { email: string; name?: string; passwordHash: string; code?: string },
  now = new Date(),
): Promise<FirstOwnerOutcome> {
  return db.transaction(async (tx) => {
    await lockKeysInOrder(tx, ['first-owner']);
    if ((await countStaff(tx)) > 0) return { refused: 'exists' };
    if (owner.code !== undefined && !(await isSetUpCode(tx, owner.code, now))) return { refused: 'code' };
    const created = await createStaff(tx, {
      email: owner.email,
      name: owner.name ?? 'Owner',
      role: 'owner',
      passwordHash: owner.passwordHash,
    });
    if (!created) return { refused: 'exists' };
    await deleteStoredSecrets(tx, [SETUP_SECRET]);
    return { created };
  });
}

/** Once an account exists, the code is of no use: gone from the database and from DATA_DIR. */
export async function forgetSetUpCode(db: Db): Promise<void> {
  await deleteStoredSecrets(db, [SETUP_SECRET]);
  rmSync(setUpFile(), { force: true });
}
