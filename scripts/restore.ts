/**
 * npm run restore -- FILE [--ledger DIR]
 *
 * Restores a backup into an empty target (docs/decisions/0111-backups-while-the-site-runs.md): an empty DATA_DIR for
 * the embedded database, or the empty PostgreSQL database of DATABASE_URL; a target with data is refused. Then, as
 * the server would, brings the schema up to this release, and applies the ledger kept beside the backups
 * (BACKUP_DIR/ledger, or --ledger): erasures made since the backup are made again, messages sent since are marked
 * sent, so the restored site does not send them twice, and staff changes that took access away (deactivations, roles,
 * passwords, recovery codes, passkeys, second factors) are made again, in order (docs/decisions/0389, 0404), as is the
 * owners' switch of agents' access to every lead. Then every staff session in the
 * backup ends, with its push alerts. Decrypts with BACKUP_KEY when the file is encrypted.
 */
import { parseArgs } from 'node:util';
import { eraseAgain } from '@/modules/privacy/server';
import { markSentAgain } from '@/modules/messaging/server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { endEverySession } from '@/modules/staff/server';
import { applyStaffChangesAgain } from '@/modules/staff/server';
import { setAgentsSeeEveryLeadAgain } from '@/modules/leads/server';
import { ledgerDir } from '@/lib/backup/ledger.server';
import { restoreDatabase } from '@/lib/backup/restore.server';
import { backupDir } from '@/lib/backup/files.server';
import { openDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { failer, messageOf } from './lib/staff-cli';

const fail = failer('restore');

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { ledger: { type: 'string' } } });
  if (positionals.length !== 1) fail('usage: npm run restore -- FILE [--ledger DIR]');
  const started = performance.now();
  try {
    const env = getEnv();
    const target = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
    const kind = await restoreDatabase(positionals[0], target, env.BACKUP_KEY);
    const ledger = await readRestoreLedger(values.ledger ?? ledgerDir(backupDir(env)));
    const handle = await openDatabase({ ...target, pgliteFsync: env.PGLITE_FSYNC });
    try {
      const erased = await eraseAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'erasure' ? [e] : [])),
      );
      const marked = await markSentAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'delivered' ? [e] : [])),
      );
      const staff = await applyStaffChangesAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'staff' ? [e] : [])),
      );
      const switches = await setAgentsSeeEveryLeadAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'access-switch' ? [e] : [])),
      );
      // Sessions in a backup are not to be trusted (one may have been stolen since): everyone signs in again.
      const sessions = await endEverySession(handle.db);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `restore: ${kind} database restored from ${positionals[0]} in ${seconds} s; ledger: ${ledger.length} event(s), ` +
          `${erased.leads} lead(s) and ${erased.newsletter} newsletter sign-up(s) erased again, ${marked} message(s) marked as already sent, ` +
          `${staff.applied} staff change(s) made again (deactivations, roles, passwords, recovery codes, passkeys, second factors), ` +
          `${switches} change(s) to agents' access to every lead; ` +
          `${sessions.length} staff session(s) ended, with their push alerts: everyone signs in again.`,
      );
      if (staff.passwordsUnreadable)
        console.log(
          `restore: ${staff.passwordsUnreadable} new password(s) in the ledger open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: those accounts now have no password; an owner sends them a new invitation from the Staff page.`,
        );
      if (staff.codesUnreadable)
        console.log(
          `restore: ${staff.codesUnreadable} renewal(s) of recovery codes in the ledger open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: those accounts now have no recovery codes; their people make new ones on Your account.`,
        );
      if (!ledger.length) console.log('restore: no ledger was found: nothing erased or sent since the backup could be applied again.');
    } finally {
      await handle.close();
    }
  } catch (error) {
    fail(messageOf(error));
  }
}

await main();
