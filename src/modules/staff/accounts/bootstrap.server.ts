import 'server-only';
import { replaceUnreadableVapidKey, resealVapidKey } from '@/lib/push/vapid.server';
import { forgetEverySubscription } from '@/modules/staff/push/subscriptions.repository.server';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { FIRST_OWNER_PATH } from '@/lib/constants';
import { formatDateTime } from '@/lib/format';
import { hashPassword, passwordProblem } from '../password.server';
import { createFirstOwner, SET_UP_CODE_FILE, setUpCodeAtStart } from './first-owner.server';
import { countStaff } from '../repository.server';
import { resealSecondFactorSecrets } from '../second-factor/second-factor.server';

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
  // Hashed only while no account exists; the account is then made under the first owner's lock (first-owner.server.ts).
  const outcome =
    (await countStaff(db)) === 0
      ? await createFirstOwner(db, { email: env.ADMIN_EMAIL, passwordHash: await hashPassword(env.ADMIN_PASSWORD) })
      : undefined;
  bootstrapped.add(db);
  if (outcome && 'created' in outcome) console.log('[staff] first owner created from ADMIN_EMAIL');
}

/**
 * At start-up: second-factor secrets and the web push key sealed with an older key are sealed with the current one, and
 * the keys the database held before docs/decisions/0346-keys-apart-from-the-data.md leave it. One log line when it did anything.
 */
export async function resealAtStart(db: Db): Promise<void> {
  const vapid = await resealVapidKey(db).catch(() => 'unreadable' as const);
  if (vapid === 'unreadable') {
    // No key here opens it: push would fail for good. A new pair, and the subscriptions made for the old one go.
    const replaced = await replaceUnreadableVapidKey(db, forgetEverySubscription);
    if (replaced)
      console.error(
        `[push] the web push key was sealed with a secrets key this server does not have (SECRETS_KEY changed without npm run secrets:rotate), so it can never be read again: a new key pair was made and the ${replaced.removed} push subscription(s) made for the old one removed; staff must turn alerts on again on their phones (Your account)`,
      );
  } else if (vapid) console.log('[staff] the web push key sealed with the current secrets key');
  const { resealed, unreadable } = await resealSecondFactorSecrets(db);
  if (resealed) console.log(`[staff] ${resealed} second-factor secret(s) sealed with the current secrets key`);
  if (unreadable)
    console.error(
      `[staff] ${unreadable} second-factor secret(s) open with no key this server has: set SECRETS_KEY_PREVIOUS to the key before, or reset those accounts' two-step sign-in`,
    );
}

/**
 * At start, while no staff account exists (docs/decisions/0380-first-owner-set-up-code.md): where to set up the first
 * owner, with the one-time code, and the other ways in, printed once so that a newcomer never meets a sign-in form
 * no password opens. `origin`: this server's own address (the set-up is done once, from the machine or a tunnel).
 * The code itself only to a terminal: output that goes to a log (a service manager, a container, a log shipper) is
 * kept and read by others, so it names the file the code is in (readable by the server's user only) instead.
 */
export async function announceFirstRun(db: Db, origin: string, toTerminal = Boolean(process.stdout.isTTY)): Promise<void> {
  const url = `${origin}${FIRST_OWNER_PATH}`;
  const live = await setUpCodeAtStart(db, url);
  if (!live) return;
  const file = `${getEnv().DATA_DIR.replace(/\/+$/, '')}/${SET_UP_CODE_FILE}`;
  console.log(
    [
      '',
      '[staff] No staff account yet. Set up the first owner:',
      `          open   ${url}`,
      toTerminal
        ? `          code   ${live.code}   (works once, until ${formatDateTime(live.expiresAt)} Lagos time; also in ${file})`
        : `          code   in ${file}   (works once, until ${formatDateTime(live.expiresAt)} Lagos time; not printed: this output is not a terminal)`,
      '        Or restart with ADMIN_EMAIL and ADMIN_PASSWORD set, or stop the server and run',
      '          npm run staff:create -- --email you@example.com',
      '',
    ].join('\n'),
  );
}
