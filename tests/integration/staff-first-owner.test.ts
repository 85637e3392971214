import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { announceFirstRun } from '@/modules/staff/accounts/bootstrap.server';
import { handleFirstOwner } from '@/modules/staff/sign-in/handlers.server';
import { hashPassword } from '@/modules/staff/password.server';
import { countStaff, findStaffByEmail } from '@/modules/staff/repository.server';
import {
  createFirstOwner,
  isSetUpCode,
  SET_UP_CODE_FILE,
  SET_UP_CODE_TTL_HOURS,
  setUpCodeAtStart,
} from '@/modules/staff/accounts/first-owner.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { formRequest, staffRequest } from './staff-helpers';

const URL_OF_PAGE = 'http://localhost:3000/registration/first-owner';
const PASSWORD = 'Lugbe-Morning-Harmattan-61';
const HOUR = 3_600_000;

/**
 * A new install's first owner (docs/decisions/0380-first-owner-set-up-code.md): the set-up code the server prints at
 * start, used once on /registration/first-owner, and only one first owner ever, even with two instances at once.
 */
describeEachDriver('first owner with the set-up code', (ctx) => {
  const db = () => ctx.handle().db;
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'first-owner-'));
    setEnv({ DATA_DIR: dataDir, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, RATE_LIMIT_SIGN_IN: '1000/600' });
  });
  afterAll(() => {
    setEnv({ DATA_DIR: undefined, RATE_LIMIT_SIGN_IN: undefined });
    rmSync(dataDir, { recursive: true, force: true });
  });
  const setUp = (body: Record<string, string>, now = new Date()) =>
    handleFirstOwner(staffRequest('/api/staff/first-owner', { method: 'POST', body, headers: freshClient() }), { now: () => now });
  const owner = (code: string, email: string) => ({ code, name: 'Ada Owner', email, password: PASSWORD });

  it('prints one code for every instance, keeps it in DATA_DIR for the server user only, and takes it as typed', async () => {
    const first = (await setUpCodeAtStart(db(), URL_OF_PAGE))!;
    expect(first.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan((SET_UP_CODE_TTL_HOURS - 1) * HOUR);
    const second = await setUpCodeAtStart((await ctx.openSecond()).db, URL_OF_PAGE);
    expect(second?.code).toBe(first.code);
    const file = path.join(dataDir, SET_UP_CODE_FILE);
    expect(readFileSync(file, 'utf8')).toContain(first.code);
    expect(readFileSync(file, 'utf8')).toContain(URL_OF_PAGE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await isSetUpCode(db(), first.code.toLowerCase().replaceAll('-', ' '))).toBe(true);
    // After 24 hours it works no more; the next start makes another.
    const later = new Date(Date.now() + (SET_UP_CODE_TTL_HOURS + 1) * HOUR);
    expect(await isSetUpCode(db(), first.code, later)).toBe(false);
    const renewed = await setUpCodeAtStart(db(), URL_OF_PAGE, later);
    expect(renewed?.code).not.toBe(first.code);
    expect(await isSetUpCode(db(), first.code, later)).toBe(false);
  });

  it('prints the code itself only to a terminal; to a log, the file it is in (issue 57 item 8)', async () => {
    const printed = async (toTerminal: boolean) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        await announceFirstRun(db(), 'http://localhost:3000', toTerminal);
        return log.mock.calls.map((call) => call.join(' ')).join('\n');
      } finally {
        log.mockRestore();
      }
    };
    const toLog = await printed(false);
    const { code } = (await setUpCodeAtStart(db(), URL_OF_PAGE))!;
    expect(toLog).toContain(URL_OF_PAGE);
    expect(toLog).toContain(SET_UP_CODE_FILE);
    expect(toLog).not.toContain(code);
    expect(await printed(true)).toContain(code);
  });

  it('refuses a wrong code and a weak password with a sentence, and makes nobody', async () => {
    const { code } = (await setUpCodeAtStart(db(), URL_OF_PAGE))!;
    const wrong = await setUp(owner('ABCD-EFGH-JKMN', 'wrong-code@example.com'));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatch(/set-up code is not right/);
    const weak = await setUp({ ...owner(code, 'weak@example.com'), password: 'password1234' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toMatch(/common|12 characters/);
    const noName = await setUp({ ...owner(code, 'no-name@example.com'), name: ' ' });
    expect(noName.status).toBe(400);
    expect(await countStaff(db())).toBe(0);
  });

  it('makes one owner of two set-ups at once (two instances), and the code never works again', async () => {
    const { code } = (await setUpCodeAtStart(db(), URL_OF_PAGE))!;
    const other = await ctx.openSecond();
    const hash = await hashPassword(PASSWORD);
    // Two pages posted at once, and each instance's start-up (ADMIN_EMAIL) racing them several times over.
    const racers = (on: typeof other, tag: string) =>
      Array.from({ length: 6 }, (_, i) => createFirstOwner(on.db, { email: `${tag}-${i}@example.com`, passwordHash: hash, code }));
    const [a, b, ...direct] = await Promise.all([
      setUp(owner(code, 'first@example.com')),
      setUp(owner(code, 'second@example.com')),
      ...racers(ctx.handle(), 'here'),
      ...racers(other, 'there'),
    ]);
    const made = [a.status === 200, b.status === 200, ...direct.map((outcome) => 'created' in outcome)].filter(Boolean);
    expect(made).toHaveLength(1);
    expect(await countStaff(db())).toBe(1);
    for (const res of [a, b]) expect([200, 400, 404]).toContain(res.status);
    const winner = a.status === 200 ? a : b.status === 200 ? b : undefined;
    if (winner) {
      // On to two-step sign-in, as every owner.
      expect(await winner.json()).toMatchObject({ ok: true, step: 'enrol', next: '/registration/enrol' });
      expect(winner.headers.getSetCookie().join(';')).toMatch(/staff_challenge=/);
    }
    const created = direct.find((outcome) => 'created' in outcome);
    const email = a.status === 200 ? 'first@example.com' : b.status === 200 ? 'second@example.com' : created!.created.email;
    expect((await findStaffByEmail(db(), email))?.role).toBe('owner');

    const again = await setUp(owner(code, 'again@example.com'));
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe('This site has its first owner already. Sign in instead.');
    // Without scripts the form post goes back to the page (which is then not found) rather than showing JSON.
    const form = await handleFirstOwner(formRequest('/api/staff/first-owner', owner(code, 'form@example.com'), { headers: freshClient() }));
    expect(form.status).toBe(303);
    expect(await countStaff(db())).toBe(1);
    // The next start prints nothing and removes the file.
    expect(await setUpCodeAtStart(db(), URL_OF_PAGE)).toBeUndefined();
    expect(existsSync(path.join(dataDir, SET_UP_CODE_FILE))).toBe(false);
  });
});
