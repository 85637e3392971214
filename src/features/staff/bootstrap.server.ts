import 'server-only';
import { resealVapidKey } from '@/lib/push/vapid.server';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { hashPassword, passwordProblem } from './password.server';
import { createFirstOwnerIfNone } from './repository.server';
import { resealSecondFactorSecrets } from './second-factor.server';

const bootstrapped = new WeakSet<object>();

/**
 * Creates the first owner from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account exists (once per process and
 * database; also called at start-up). A common ADMIN_PASSWORD is refused with a message in the log.
 */
export async function ensureFirstOwner(db: Db): Promise<void> {
  if (bootstrapped.has(db)) return;
  const env = getEnv();
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    bootstrapped.add(db);
    return;
  }
  const problem = passwordProblem(env.ADMIN_PASSWORD);
  if (problem) {
    bootstrapped.add(db);
    console.error(`[staff] ADMIN_PASSWORD refused, no owner created: ${problem}`);
    return;
  }
  const password = env.ADMIN_PASSWORD;
  const created = await createFirstOwnerIfNone(db, env.ADMIN_EMAIL, () => hashPassword(password));
  bootstrapped.add(db);
  if (created) console.log('[staff] first owner created from ADMIN_EMAIL');
}

/**
 * At start-up: second-factor secrets and the web push key sealed with an older key are sealed with the current one, and
 * the keys the database held before docs/decisions/0346-keys-apart-from-the-data.md leave it. One log line when it did anything.
 */
export async function resealAtStart(db: Db): Promise<void> {
  const vapid = await resealVapidKey(db).catch(() => 'unreadable' as const);
  if (vapid === 'unreadable')
    console.error('[staff] the web push key opens with no key this server has: set SECRETS_KEY_PREVIOUS to the key before');
  else if (vapid) console.log('[staff] the web push key sealed with the current secrets key');
  const { resealed, unreadable } = await resealSecondFactorSecrets(db);
  if (resealed) console.log(`[staff] ${resealed} second-factor secret(s) sealed with the current secrets key`);
  if (unreadable)
    console.error(
      `[staff] ${unreadable} second-factor secret(s) open with no key this server has: set SECRETS_KEY_PREVIOUS to the key before, or reset those accounts' two-step sign-in`,
    );
}
