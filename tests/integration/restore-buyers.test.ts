import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { takeBackup } from '@/lib/backup/backup.server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { buyerPasskeys, buyerSessions } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { buyerSessionOf, removeBuyerPasskeysAgain, startBuyerSession } from '@/modules/buyers/server';
import { removeBuyerPasskey } from '@/modules/buyers/passkeys/passkeys.server';
import { cookiesOf } from './staff-helpers';
import { describeEachDriver } from './helpers';
import { restoreGround } from './restore-helpers';

/**
 * A restore does not reopen a way into a buyer's page that was shut after the backup: a passkey removed since (a lost
 * phone's) stays removed, and no session of the backup signs anyone in (one may have been signed out since).
 */

const KEY = 'correct-horse-battery-staple-restore-buyers';

describeEachDriver("a restore keeps a buyer's page shut to what they shut out", (ctx) => {
  const { emptyTarget, restore } = restoreGround(ctx, 'restore-buyers', KEY);

  /** A passkey kept as after its set-up (a placeholder key: removing one verifies nothing). */
  const passkeyOf = async (handle: DatabaseHandle, contact: string, label: string) => {
    const [row] = await handle.db
      .insert(buyerPasskeys)
      .values({ contact, credentialId: randomUUID(), publicKey: 'placeholder', label })
      .returning({ id: buyerPasskeys.id });
    return row.id;
  };
  const tokenOf = (cookie: string) => cookie.split('=')[1];

  it('removes again a passkey removed after the backup, keeps the others, and ends every session the backup held', async () => {
    const contact = `restore-${randomUUID().slice(0, 8)}@example.com`;
    const response = new Response(null);
    const now = new Date();
    await startBuyerSession(
      ctx.handle().db,
      new Request('http://localhost/'),
      response,
      { contact, channel: 'email' },
      'Chrome on Android',
      now,
    );
    const token = tokenOf(cookiesOf(response));
    const lost = await passkeyOf(ctx.handle(), contact, 'Passkey on Android');
    const kept = await passkeyOf(ctx.handle(), contact, 'Passkey on iPhone');
    const { file } = await takeBackup(ctx.handle());

    // After the backup the buyer's phone is lost: they remove its passkey.
    const session = (await buyerSessionOf(ctx.handle().db, token, new Date()))!;
    expect(await removeBuyerPasskey(ctx.handle().db, session, lost)).toBe(true);
    const ledger = await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger'));
    const removals = ledger.flatMap((e) => (e.kind === 'buyer-passkey-removed' ? [e] : []));
    expect(removals.map((e) => e.passkeyId)).toContain(lost);
    expect(JSON.stringify(removals)).not.toContain(contact);

    const target = await emptyTarget();
    const { stdout } = await restore(file.path, target);
    expect(stdout).toMatch(/[1-9]\d* buyer passkey\(s\) removed again/);
    expect(stdout).toMatch(/and [1-9]\d* buyer session\(s\): everyone signs in again/);

    const restored = await openDatabase(target);
    try {
      const left = await restored.db.select({ id: buyerPasskeys.id }).from(buyerPasskeys).where(eq(buyerPasskeys.contact, contact));
      expect(left.map((row) => row.id)).toEqual([kept]);
      expect(await buyerSessionOf(restored.db, token, new Date())).toBeUndefined();
      expect(await restored.db.select().from(buyerSessions)).toHaveLength(0);
      // Applying the ledger again changes nothing.
      expect(await removeBuyerPasskeysAgain(restored.db, removals)).toBe(0);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
