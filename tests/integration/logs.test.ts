import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { POST as postInterest } from '@/app/api/interest/route';
import { POST as createStaff } from '@/app/api/admin/staff/route';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A database failure while storing personal data is logged with the error's name, code and constraint only: never
 * the e-mail, the name, the phone number, the password (hash) or the SQL (docs/decisions/0302-logs-without-personal-data.md).
 */
describeEachDriver('logs keep no personal data', (ctx) => {
  let logged: string[] = [];
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      RATE_LIMIT_INTEREST: '1000/600',
      MIN_FILL_MS: '0',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
    });
    // Inserts of these rows fail inside the database, as a real constraint violation would.
    await ctx
      .handle()
      .db.execute(sql.raw(`ALTER TABLE interest_submissions ADD CONSTRAINT test_refuse_lead CHECK (full_name <> 'Ngozi Failing')`));
    await ctx.handle().db.execute(sql.raw(`ALTER TABLE staff_users ADD CONSTRAINT test_refuse_staff CHECK (name <> 'Refused Agent')`));
  });
  const capture = () => {
    logged = [];
    for (const method of ['error', 'warn', 'log', 'info'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  };
  afterEach(() => vi.restoreAllMocks());

  it('a lead whose insert fails: 503 for the visitor, a log line without the lead or the SQL', async () => {
    capture();
    const lead = validLead({ fullname: 'Ngozi Failing', email: 'ngozi.failing@example.com', phonenumber: '0803 987 6543' });
    const res = await postInterest(jsonRequest('/api/interest', lead, { headers: { ...freshClient(), 'Idempotency-Key': newKey() } }));
    expect(res.status).toBe(503);
    const text = logged.join('\n');
    expect(text).toContain('[interest] request failed');
    expect(text).toMatch(/code=23514 constraint=test_refuse_lead/);
    for (const secret of ['ngozi', 'Ngozi', '987 6543', '8039876543', 'insert into', 'params']) expect(text).not.toContain(secret);
  });

  it('a staff account whose insert fails: the log has neither the e-mail nor the password hash', async () => {
    const owner = await makeStaff(ctx.handle().db, 'owner');
    const cookie = await sessionCookieFor(ctx.handle().db, owner);
    capture();
    const body = { email: 'refused.agent@example.com', name: 'Refused Agent', role: 'agent' };
    const res = await createStaff(staffRequest('/api/admin/staff', { method: 'POST', cookie, body }), undefined);
    expect(res.status).toBe(503);
    const text = logged.join('\n');
    expect(text).toMatch(/\[staff\] POST \/api\/admin\/staff failed: .*code=23514 constraint=test_refuse_staff/);
    for (const secret of ['refused.agent', 'Refused Agent', 'scrypt', 'insert into', 'Quiet-Harbour']) expect(text).not.toContain(secret);
  });
});
