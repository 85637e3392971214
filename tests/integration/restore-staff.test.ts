import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, inArray, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { POST as changePasswordRoute } from '@/app/api/admin/account/password/route';
import { POST as removePasskeyRoute } from '@/app/api/admin/account/passkeys/remove/route';
import { DELETE as removeAppRoute } from '@/app/api/admin/account/second-factor/route';
import { PATCH as updateStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { PUT as leadAccessRoute } from '@/app/api/admin/lead-access/route';
import { agentsSeeEveryLead, setAgentsSeeEveryLead } from '@/modules/leads/scope.server';
import { checkSecondFactor } from '@/modules/staff/second-factor/second-factor.server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { verifyPassword } from '@/modules/staff/password.server';
import { addPasskey } from '@/modules/staff/repository.server';
import { takeBackup } from '@/lib/backup/backup.server';
import { openDatabase } from '@/lib/db/client';
import { staffPasskeys, staffPushSubscriptions, staffRecoveryCodes, staffSessions, staffUsers } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { describeEachDriver } from './helpers';
import { restoreGround } from './restore-helpers';
import { makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest } from './staff-helpers';

/**
 * Issue "Security round 3", item 4 (docs/decisions/0389-a-restore-keeps-what-owners-decided.md): what owners and staff
 * took away after a backup — an account, a password, a passkey, a second factor — stays taken away once that backup is
 * restored, and no session or push alert of the backup survives the restore.
 */

const KEY = 'correct-horse-battery-staple-restore';
const NEW_PASSWORD = 'Another-Test-Passphrase-77';

describeEachDriver('a restore keeps what owners decided', (ctx) => {
  const { emptyTarget, restore } = restoreGround(ctx, 'restore-staff', KEY);
  const db = () => ctx.handle().db;

  const passkeyOf = (userId: string, label: string) => ({
    userId,
    credentialId: randomBytes(16).toString('base64url'),
    publicKey: 'placeholder',
    label,
  });

  /** A signed-in device with push alerts on (the subscription row as Your account keeps it). */
  async function deviceOf(staff: { id: string; email: string; role: string }) {
    const cookie = await sessionCookieFor(db(), staff);
    const [session] = await db()
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(eq(staffSessions.userId, staff.id))
      .orderBy(staffSessions.createdAt)
      .limit(1);
    await db()
      .insert(staffPushSubscriptions)
      .values({
        staffId: staff.id,
        sessionId: session.id,
        endpoint: `https://push.example/${randomBytes(8).toString('hex')}`,
        p256dh: 'key',
        auth: 'auth',
      });
    return cookie;
  }

  it('npm run restore deactivates, changes passwords, removes passkeys and second factors again, and ends every session', async () => {
    const owner = await makeStaff(db(), 'owner');
    const leaving = await makeStaff(db(), 'agent');
    const renamed = await makeStaff(db(), 'agent');
    const keys = await makeStaff(db(), 'agent');
    const [lostKey, keptKey] = [passkeyOf(keys.id, 'Passkey on a lost phone'), passkeyOf(keys.id, 'Passkey on a laptop')];
    for (const passkey of [lostKey, keptKey]) expect(await addPasskey(db(), passkey, undefined, new Date())).toBe(true);
    const reset = await makeStaff(db(), 'agent');
    const ownerCookie = await deviceOf(owner);
    const cookies = { leaving: await deviceOf(leaving), renamed: await deviceOf(renamed), keys: await deviceOf(keys) };
    await deviceOf(reset);
    const [{ passwordHash: oldHash }] = await db()
      .select({ passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(eq(staffUsers.id, renamed.id));
    const { file } = await takeBackup(ctx.handle());

    // After the backup: an owner deactivates one agent and resets another's two-step sign-in; an agent changes their
    // password; another removes a passkey (a lost phone) and their authenticator app.
    const patch = (id: string, body: unknown) =>
      updateStaffRoute(staffRequest(`/api/admin/staff/${id}`, { method: 'PATCH', cookie: ownerCookie, body }), {
        params: Promise.resolve({ id }),
      });
    expect((await patch(leaving.id, { active: false })).status).toBe(200);
    expect((await patch(reset.id, { resetSecondFactor: true })).status).toBe(200);
    const password = await changePasswordRoute(
      staffRequest('/api/admin/account/password', { method: 'POST', cookie: cookies.renamed, body: { password: NEW_PASSWORD } }),
      undefined as never,
    );
    expect(password.status).toBe(200);
    const [lostRow] = await db()
      .select({ id: staffPasskeys.id })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.credentialId, lostKey.credentialId));
    const removeKey = await removePasskeyRoute(
      staffRequest('/api/admin/account/passkeys/remove', { method: 'POST', cookie: cookies.keys, body: { id: lostRow.id } }),
      undefined as never,
    );
    expect(removeKey.status).toBe(200);
    const removeApp = await removeAppRoute(
      staffRequest('/api/admin/account/second-factor', { method: 'DELETE', cookie: cookies.keys }),
      undefined as never,
    );
    expect(removeApp.status).toBe(200);

    // The ledger beside the backups holds the new password only sealed: neither it nor its hash can be read there.
    const ledger = await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger'));
    expect(ledger.filter((entry) => entry.kind === 'staff')).toHaveLength(5);
    const [{ passwordHash: newHash }] = await db()
      .select({ passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(eq(staffUsers.id, renamed.id));
    expect(JSON.stringify(ledger)).not.toContain(newHash!.split('$').at(-1));
    expect(JSON.stringify(ledger)).not.toContain(NEW_PASSWORD);

    const target = await emptyTarget();
    const { stdout } = await restore(file.path, target);
    expect(stdout).toMatch(/5 staff change\(s\) made again .*; [1-9]\d* staff session\(s\) ended, with their push alerts/);

    const restored = await openDatabase(target);
    try {
      const rdb = restored.db;
      const ids = [owner.id, leaving.id, renamed.id, keys.id, reset.id];
      const users = new Map(
        (
          await rdb
            .select({
              id: staffUsers.id,
              active: staffUsers.active,
              passwordHash: staffUsers.passwordHash,
              totpEnabledAt: staffUsers.totpEnabledAt,
            })
            .from(staffUsers)
            .where(inArray(staffUsers.id, ids))
        ).map((row) => [row.id, row]),
      );
      expect(users.get(leaving.id)?.active).toBe(false);
      expect(users.get(owner.id)?.active).toBe(true);
      const restoredHash = users.get(renamed.id)!.passwordHash!;
      expect(restoredHash).not.toBe(oldHash);
      expect(await verifyPassword(NEW_PASSWORD, restoredHash)).toBe(true);
      expect(await verifyPassword(STAFF_PASSWORD, restoredHash)).toBe(false);
      // The lost phone's passkey and the app stay removed; the laptop's passkey stays.
      const passkeys = await rdb
        .select({ userId: staffPasskeys.userId, credentialId: staffPasskeys.credentialId })
        .from(staffPasskeys)
        .where(inArray(staffPasskeys.userId, [keys.id, reset.id]));
      expect(passkeys).toEqual([{ userId: keys.id, credentialId: keptKey.credentialId }]);
      expect(users.get(keys.id)?.totpEnabledAt).toBeNull();
      // The reset account has no second factor and no recovery codes: its person enrols again, as after any reset.
      expect(users.get(reset.id)?.totpEnabledAt).toBeNull();
      expect(await rdb.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, reset.id))).toEqual([]);
      // No session of the backup is open, and no device still gets alerts.
      expect(await rdb.select({ id: staffSessions.id }).from(staffSessions).where(isNull(staffSessions.revokedAt))).toEqual([]);
      expect(await rdb.select({ id: staffPushSubscriptions.id }).from(staffPushSubscriptions)).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 180_000);
  it('npm run restore keeps a demotion, renewed recovery codes and agents’ access taken away (issue 57 item 7)', async () => {
    const owner = await makeStaff(db(), 'owner');
    const demoted = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const ownerCookie = await sessionCookieFor(db(), owner);
    const agentCookie = await sessionCookieFor(db(), agent);
    // Before the backup an owner had let agents see every lead.
    await setAgentsSeeEveryLead(db(), true, owner);
    const { file } = await takeBackup(ctx.handle());

    // After it: the second owner is made an agent, the agent renews their recovery codes (the old sheet was seen by
    // someone), and agents see their own leads again.
    const demote = await updateStaffRoute(
      staffRequest(`/api/admin/staff/${demoted.id}`, { method: 'PATCH', cookie: ownerCookie, body: { role: 'agent' } }),
      { params: Promise.resolve({ id: demoted.id }) },
    );
    expect(demote.status).toBe(200);
    const renewed = await renewCodesRoute(
      staffRequest('/api/admin/account/recovery-codes', { method: 'POST', cookie: agentCookie, body: {} }),
      undefined as never,
    );
    expect(renewed.status).toBe(200);
    const { recoveryCodes } = (await renewed.json()) as { recoveryCodes: string[] };
    const access = await leadAccessRoute(
      staffRequest('/api/admin/lead-access', { method: 'PUT', cookie: ownerCookie, body: { agentsSeeEveryLead: false } }),
      undefined as never,
    );
    expect(access.status).toBe(200);
    // The codes are in the ledger only sealed.
    const ledger = JSON.stringify(await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger')));
    for (const code of recoveryCodes) expect(ledger).not.toContain(code);

    const target = await emptyTarget();
    const { stdout } = await restore(file.path, target);

    const restored = await openDatabase(target);
    try {
      const rdb = restored.db;
      const [{ role }] = await rdb.select({ role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, demoted.id));
      // Each checked on its own (expect.soft): one forgotten revocation does not hide another.
      expect.soft(role).toBe('agent');
      // The sheet from before the renewal opens nothing; the new one does.
      const now = new Date();
      expect.soft(await checkSecondFactor(rdb, agent.id, agent.recoveryCodes![0], now)).toEqual({ ok: false });
      expect.soft(await checkSecondFactor(rdb, agent.id, recoveryCodes[0], now)).toEqual({ ok: true, method: 'recovery' });
      expect.soft(await agentsSeeEveryLead(rdb)).toBe(false);
      expect(stdout).toMatch(/1 change\(s\) to agents' access to every lead/);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
