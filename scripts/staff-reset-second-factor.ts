/**
 * npm run staff:reset-second-factor -- --email someone@example.com
 *
 * Removes an account's two-step sign-in (lost phone and recovery codes; docs/decisions/0322-second-factor.md) and
 * ends its sessions: an owner sets it up again at the next sign-in. The way back in when no other owner can reset it
 * on the Staff page. Same database rules as staff:create (0204).
 */
import { parseArgs } from 'node:util';
import { recordAudit } from '@/modules/staff/server';
import { endSessions } from '@/modules/staff/server';
import { describeError } from '@/lib/log';
import { findStaffByEmail } from '@/modules/staff/server';
import { removeSecondFactor } from '@/modules/staff/server';
import { keepForRestore } from '@/modules/staff/server';
import { failer, openStaffDatabase } from './lib/staff-cli';

const fail: (message: string) => never = failer('staff:reset-second-factor');

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help || !values.email) {
    console.log('Usage: npm run staff:reset-second-factor -- --email someone@example.com');
    process.exit(values.help ? 0 : 1);
  }
  const handle = await openStaffDatabase(fail, "reset it on the Staff page (/admin/staff, 'Reset two-step sign-in')");
  try {
    const user = await findStaffByEmail(handle.db, values.email);
    if (!user) fail(`there is no staff account for ${values.email}.`);
    if (!(await removeSecondFactor(handle.db, user.id))) fail(`${user.email} has no two-step sign-in to reset.`);
    await endSessions(handle.db, { account: user.id });
    await keepForRestore(user.id, { what: 'second-factor-reset' });
    await recordAudit(handle.db, undefined, 'staff.update', user.email, { secondFactorReset: true, via: 'cli' });
    console.log(
      `Two-step sign-in removed for ${user.email} and their sessions ended. ${user.role === 'owner' ? 'They set it up again at their next sign-in.' : 'They can turn it on again on Your account.'}`,
    );
  } finally {
    await handle.close();
  }
}

// Described without its message (docs/decisions/0302-logs-without-personal-data.md).
main().catch((error) => fail(describeError(error)));
