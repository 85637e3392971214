import { eq } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { saveSubscription } from '@/modules/staff/push/subscriptions.repository.server';
import { resealAtStart } from '@/modules/staff/accounts/bootstrap.server';
import { appSecrets, staffPushSubscriptions } from '@/lib/db/schema';
import { vapidKeys } from '@/lib/push/vapid.server';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * Issue "Security round 3", item 13 (docs/decisions/0389-a-restore-keeps-what-owners-decided.md): SECRETS_KEY changed
 * without `npm run secrets:rotate` leaves the web push key sealed with a key nobody has. Start-up says so, makes a new
 * pair and removes the subscriptions made for the old one; the other secrets sealed with the lost key do not stop it.
 */

const KEY_A = 'push-key-a-0123456789-abcdefghijklmnopqrstuvw';
const KEY_B = 'push-key-b-0123456789-abcdefghijklmnopqrstuvw';
const ORIGINAL = process.env.SECRETS_KEY;
afterEach(() => {
  setEnv({ SECRETS_KEY: ORIGINAL, SECRETS_KEY_PREVIOUS: undefined });
  vi.restoreAllMocks();
});

describeEachDriver('a lost secrets key and the push key', (ctx) => {
  it('start-up makes a new push key pair, removes the old subscriptions and says so in one line; nothing else stops it', async () => {
    const { db } = ctx.handle();
    setEnv({ SECRETS_KEY: KEY_A });
    await db.delete(appSecrets).where(eq(appSecrets.name, 'web_push_vapid'));
    await db.delete(staffPushSubscriptions);
    const agent = await makeStaff(db, 'agent'); // its second-factor secret sealed with key A, like the push key
    await resealAtStart(db);
    const before = await vapidKeys(db);
    await saveSubscription(db, { id: agent.id, sessionId: null }, { endpoint: 'https://push.example/old', p256dh: 'k', auth: 'a' }, null);

    // The key changed without a rotation, and key A is gone for good.
    setEnv({ SECRETS_KEY: KEY_B });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(resealAtStart(db)).resolves.toBeUndefined();
    const pushLines = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('[push]'));
    expect(pushLines).toHaveLength(1);
    expect(pushLines[0]).toMatch(/SECRETS_KEY changed.*new key pair was made.*1 push subscription\(s\).*removed.*turn alerts on again/);
    // The second-factor secret sealed with key A is reported as before, not a crash.
    expect(errors.mock.calls.some((call) => /second-factor secret\(s\) open with no key/.test(String(call[0])))).toBe(true);

    const after = await vapidKeys(db);
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(after.privateKey).toMatch(/^[\w-]{40,}$/);
    expect(await db.select().from(staffPushSubscriptions)).toEqual([]);

    // The next start (or another instance) finds a key it opens: nothing more is replaced or said.
    errors.mockClear();
    await resealAtStart(db);
    expect(errors.mock.calls.filter((call) => String(call[0]).startsWith('[push]'))).toEqual([]);
    expect((await vapidKeys(db)).publicKey).toBe(after.publicKey);
  });
});
