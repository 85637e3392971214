import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { findStaffByEmail } from '@/modules/staff/repository.server';
import { confirmEnrolment, pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { seedDataDir } from './helpers';
import { makeStaff, runStaffCli as run, totpCode } from './staff-helpers';

// A file of its own, apart from staff-cli.test.ts: each CLI run starts the app's modules anew, and the two files run
// side by side instead of one after the other at the end of the suite.
describe('staff:reset-second-factor CLI', () => {
  // A limit for a hung run, not a speed target: each CLI run starts the app's modules anew, 18 s for the test on an
  // idle machine and over 120 s at the start of CI's unit tests, beside the process tests on two cores.
  it('removes a lost second factor', { timeout: 300_000 }, async () => {
    // A site's database that exists, with an owner made as `npm run staff:create` makes one (staff-cli.test.ts runs that).
    const dir = seedDataDir(mkdtempSync(join(tmpdir(), 'staff-cli-')));
    let handle = await openDatabase({ dataDir: dir });
    try {
      await makeStaff(handle.db, 'owner', 'cli-owner@example.com', new Date(), { enrol: false });
    } finally {
      await handle.close();
    }
    const reset = (email: string) => run(dir, ['--email', email], '', 'scripts/staff-reset-second-factor.ts');
    expect((await reset('cli-owner@example.com')).out).toContain('has no two-step sign-in to reset');
    handle = await openDatabase({ dataDir: dir });
    try {
      const user = (await findStaffByEmail(handle.db, 'cli-owner@example.com'))!;
      const enrolment = (await pendingEnrolment(handle.db, user))!;
      expect((await confirmEnrolment(handle.db, user.id, totpCode(enrolment.secret), new Date()))?.recoveryCodes).toHaveLength(10);
    } finally {
      await handle.close();
    }
    const done = await reset('CLI-Owner@Example.com');
    expect(done.code).toBe(0);
    expect(done.out).toContain('Two-step sign-in removed for cli-owner@example.com');
    handle = await openDatabase({ dataDir: dir });
    try {
      expect((await findStaffByEmail(handle.db, 'cli-owner@example.com'))!.totpEnabledAt).toBeNull();
    } finally {
      await handle.close();
    }
    expect((await reset('nobody@example.com')).out).toContain('there is no staff account');
  });
});
