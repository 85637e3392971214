/**
 * npm run secrets:rotate
 *
 * Seals every staff second-factor secret anew with SECRETS_KEY (docs/decisions/0346-keys-apart-from-the-data.md):
 * after a change of key (the old one in SECRETS_KEY_PREVIOUS), or to move secrets sealed by an older version off the
 * key it kept in the database. The server does the same at each start; this is for doing it now, or on a copy. Same
 * database rules as the staff commands (0204): with the embedded database, stop the server first.
 */
import { resealSecondFactorSecrets } from '@/modules/staff/server';
import { describeError } from '@/lib/log';
import { resealVapidKey } from '@/lib/push/vapid.server';
import { failer, openStaffDatabase } from './lib/staff-cli';

const fail: (message: string) => never = failer('secrets:rotate');

async function main() {
  const handle = await openStaffDatabase(fail, 'restart it instead (it seals them anew at start-up)');
  try {
    const { resealed, unreadable } = await resealSecondFactorSecrets(handle.db);
    console.log(`${resealed} second-factor secret(s) sealed with the current key.`);
    if (await resealVapidKey(handle.db)) console.log('The web push key sealed with the current key.');
    if (unreadable)
      fail(
        `${unreadable} secret(s) open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: set SECRETS_KEY_PREVIOUS to the key they were sealed with, or reset those accounts' two-step sign-in (npm run staff:reset-second-factor).`,
      );
  } finally {
    await handle.close();
  }
}

// Described without its message (docs/decisions/0302-logs-without-personal-data.md).
main().catch((error) => fail(describeError(error)));
