import 'server-only';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { hashPassword, passwordProblem } from './password.server';
import { createFirstOwnerIfNone } from './repository.server';

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
