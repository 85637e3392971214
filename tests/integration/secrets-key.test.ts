import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import { afterEach, expect, it } from 'vitest';
import { checkSecondFactor, resealSecondFactorSecrets } from '@/modules/staff/second-factor/second-factor.server';
import { appSecrets, staffUsers } from '@/lib/db/schema';
import { currentSecretsKey } from '@/lib/security/secrets-key.server';
import { makeStaff, totpCode } from './staff-helpers';
import { describeEachDriver, setEnv } from './helpers';

/**
 * Keys apart from the data (issue 30, item 5; docs/decisions/0346-keys-apart-from-the-data.md): nothing in the
 * database opens a second-factor secret or signs a session; a key can be changed, and secrets sealed by an older
 * version with the key it kept in the database are sealed anew and that key leaves the database.
 */

const KEY_A = 'secrets-key-a-0123456789-abcdefghijklmnopqrst';
const KEY_B = 'secrets-key-b-0123456789-abcdefghijklmnopqrst';
const ORIGINAL = process.env.SECRETS_KEY;
afterEach(() => setEnv({ SECRETS_KEY: ORIGINAL, SECRETS_KEY_PREVIOUS: undefined, SECRETS_KEY_FILE: undefined, DATA_DIR: undefined }));

/** Only this test's owner keeps a factor: the other tests' accounts were sealed with keys this one does not set. */
const onlyFactorOf = (db: Parameters<typeof makeStaff>[0], id: string) =>
  db.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null }).where(ne(staffUsers.id, id));

const sealedOf = async (db: Parameters<typeof makeStaff>[0], id: string) =>
  (await db.select({ sealed: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, id)))[0].sealed!;

describeEachDriver('the secrets key', (ctx) => {
  it('a copy of the database opens no second factor: no key in it decrypts what it holds', async () => {
    const { db } = ctx.handle();
    const owner = await makeStaff(db, 'owner');
    const sealed = await sealedOf(db, owner.id);
    expect(decodeProtectedHeader(sealed).kid).toBe(currentSecretsKey().id);
    const stored = await db.select().from(appSecrets);
    expect(stored.map((row) => row.name)).not.toContain('second_factor_key');
    expect(stored.map((row) => row.name)).not.toContain('session_secret');
    for (const { value } of stored) {
      const key = Buffer.from(value, 'base64url');
      if (key.length !== 32) continue;
      await expect(compactDecrypt(sealed, new Uint8Array(key))).rejects.toThrow();
    }
    // The factor works: a code of the next step (this one was used to enrol).
    const next = new Date(Date.now() + 30_000);
    expect((await checkSecondFactor(db, owner.id, totpCode(owner.totpSecret!, next), next)).ok).toBe(true);
  });

  it('a changed key: the old one still opens what it sealed while it is SECRETS_KEY_PREVIOUS, until all is sealed anew', async () => {
    const { db } = ctx.handle();
    setEnv({ SECRETS_KEY: KEY_A });
    const owner = await makeStaff(db, 'owner');
    await onlyFactorOf(db, owner.id);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    setEnv({ SECRETS_KEY: KEY_B });
    await expect(checkSecondFactor(db, owner.id, totpCode(owner.totpSecret!, later(1)), later(1))).rejects.toThrow(/does not have/);
    setEnv({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
    expect((await checkSecondFactor(db, owner.id, totpCode(owner.totpSecret!, later(2)), later(2))).ok).toBe(true);
    expect(await resealSecondFactorSecrets(db)).toEqual({ resealed: 1, unreadable: 0 });
    expect(decodeProtectedHeader(await sealedOf(db, owner.id)).kid).toBe(currentSecretsKey().id);
    setEnv({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: undefined });
    expect((await checkSecondFactor(db, owner.id, totpCode(owner.totpSecret!, later(3)), later(3))).ok).toBe(true);
  });

  it('after an upgrade, a secret sealed with the key the database kept is sealed anew and that key is deleted', async () => {
    const { db } = ctx.handle();
    const owner = await makeStaff(db, 'owner');
    await onlyFactorOf(db, owner.id);
    // As the version before kept it: a random key in app_secrets, the secret sealed with it, no key named.
    const legacyKey = Buffer.alloc(32, 9);
    await db
      .insert(appSecrets)
      .values({ name: 'second_factor_key', value: legacyKey.toString('base64url') })
      .onConflictDoNothing();
    await db.insert(appSecrets).values({ name: 'session_secret', value: 'an-old-session-key' }).onConflictDoNothing();
    const legacy = await new CompactEncrypt(new TextEncoder().encode(owner.totpSecret!))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .encrypt(new Uint8Array(legacyKey));
    await db.update(staffUsers).set({ totpSecret: legacy }).where(eq(staffUsers.id, owner.id));

    expect(await resealSecondFactorSecrets(db)).toEqual({ resealed: 1, unreadable: 0 });
    expect(decodeProtectedHeader(await sealedOf(db, owner.id)).kid).toBe(currentSecretsKey().id);
    const names = (await db.select().from(appSecrets)).map((row) => row.name);
    expect(names).not.toContain('second_factor_key');
    expect(names).not.toContain('session_secret');
    const at = new Date(Date.now() + 60_000);
    expect((await checkSecondFactor(db, owner.id, totpCode(owner.totpSecret!, at), at)).ok).toBe(true);
  });
});

it('the quick start makes its key once, in a file beside the embedded database that only this user reads', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-key-'));
  setEnv({ SECRETS_KEY: undefined, DATA_DIR: dataDir });
  const first = currentSecretsKey();
  const file = path.join(dataDir, 'secrets.key');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  setEnv({ DATA_DIR: dataDir });
  expect(currentSecretsKey().id).toBe(first.id);
  // Another data directory (another site) gets another key.
  setEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'secrets-key-')) });
  expect(currentSecretsKey().id).not.toBe(first.id);
});
