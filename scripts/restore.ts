/**
 * npm run restore -- FILE [--ledger DIR]
 *
 * Restores a backup into an empty target (docs/decisions/0111-backups-while-the-site-runs.md): an empty DATA_DIR for
 * the embedded database, or the empty PostgreSQL database of DATABASE_URL; a target with data is refused. Then, as
 * the server would, brings the schema up to this release, and applies the ledger kept beside the backups
 * (BACKUP_DIR/ledger, or --ledger): erasures made since the backup are made again, messages sent since are marked
 * sent, so the restored site does not send them twice, and staff changes that took access away (deactivations, roles,
 * passwords, recovery codes, passkeys, second factors) are made again, in order (docs/decisions/0389, 0404), as is the
 * owners' switch of agents' access to every lead; payments credited since are credited again under the receipt numbers
 * and check codes their buyers hold, without a second receipt message, and receipt numbers continue past them
 * (docs/decisions/0422); letters made since are made again under their numbers and check codes, and letter numbers
 * continue past them (docs/decisions/0425); buyers' passkeys removed since are removed again. Then every staff
 * session in the backup ends, with its push alerts, and every buyer session. The uploaded files copied beside the backup (its directory's files/) come back into
 * FILES_DIR, or the bucket of FILES_S3_BUCKET, where missing. Decrypts with BACKUP_KEY when the file is encrypted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eraseAgain } from '@/modules/privacy/server';
import { markSentAgain } from '@/modules/messaging/server';
import { creditAgain } from '@/modules/payments/server';
import { lettersAgain } from '@/modules/documents/server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { endEverySession } from '@/modules/staff/server';
import { endEveryBuyerSession, removeBuyerPasskeysAgain } from '@/modules/buyers/server';
import { applyStaffChangesAgain } from '@/modules/staff/server';
import { setAgentsSeeEveryLeadAgain } from '@/modules/leads/server';
import { ledgerDir } from '@/lib/backup/ledger.server';
import { restoreDatabase } from '@/lib/backup/restore.server';
import { backupDir } from '@/lib/backup/files.server';
import { restoreFilesFromBackup } from '@/lib/backup/files-copy.server';
import { fileStore } from '@/lib/files.server';
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
    // The uploaded files copied beside the backup (its directory's files/): those the file store (FILES_DIR, or the
    // bucket of FILES_S3_BUCKET) lacks come back.
    const files = await restoreFilesFromBackup(path.dirname(path.resolve(positionals[0])), fileStore(env), env.BACKUP_KEY);
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
      const credits = await creditAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'payment' ? [e] : [])),
      );
      // After the credits: a letter is made once its payments are in.
      const letters = await lettersAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'letter' ? [e] : [])),
      );
      const buyerPasskeys = await removeBuyerPasskeysAgain(
        handle.db,
        ledger.flatMap((e) => (e.kind === 'buyer-passkey-removed' ? [e] : [])),
      );
      // Sessions in a backup are not to be trusted (one may have been stolen since): everyone signs in again.
      const sessions = await endEverySession(handle.db);
      const buyerSessions = await endEveryBuyerSession(handle.db);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `restore: ${kind} database restored from ${positionals[0]} in ${seconds} s; ledger: ${ledger.length} event(s), ` +
          `${erased.leads} lead(s) and ${erased.newsletter} newsletter sign-up(s) erased again, ${marked} message(s) marked as already sent, ` +
          `${staff.applied} staff change(s) made again (deactivations, roles, passwords, recovery codes, passkeys, second factors), ` +
          `${switches} change(s) to agents' access to every lead, ${credits.credited} payment(s) credited again with their receipts, ${letters.made} letter(s) made again under their numbers; ${files} uploaded file(s) copied back; ` +
          `${buyerPasskeys} buyer passkey(s) removed again; ` +
          `${sessions.length} staff session(s) ended, with their push alerts, and ${buyerSessions} buyer session(s): everyone signs in again.`,
      );
      if (staff.passwordsUnreadable)
        console.log(
          `restore: ${staff.passwordsUnreadable} new password(s) in the ledger open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: those accounts now have no password; an owner sends them a new invitation from the Staff page.`,
        );
      if (staff.codesUnreadable)
        console.log(
          `restore: ${staff.codesUnreadable} renewal(s) of recovery codes in the ledger open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: those accounts now have no recovery codes; their people make new ones on Your account.`,
        );
      if (credits.noPlan)
        console.log(
          `restore: ${credits.noPlan} payment(s) in the ledger are for payment plans opened after the backup, which it lacks: they are not credited; the owners find them in Paystack's dashboard or the bank statement and record them.`,
        );
      if (credits.failed.length)
        console.log(
          `restore: ${credits.failed.length} payment(s) in the ledger could not be credited again (the error is above): receipts ${credits.failed.join(', ')}; the owners record them again from the bank statement or Paystack's dashboard.`,
        );
      if (letters.noPlan || letters.failed.length)
        console.log(
          `restore: ${letters.noPlan + letters.failed.length} letter(s) in the ledger could not be made again (their payment plan is not in the backup, or the error is above)${letters.failed.length ? `: ${letters.failed.join(', ')}` : ''}; the documents job makes them anew under new numbers once their payments are recorded.`,
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
