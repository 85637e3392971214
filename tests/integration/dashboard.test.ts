import { beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GET as dashboardRoute } from '@/app/api/admin/dashboard/route';
import { GET as listRoute } from '@/app/api/admin/leads/route';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { dashboardFigures } from '@/modules/insights/dashboard.repository.server';
import { listLeadPage } from '@/modules/leads/inbox.repository.server';
import { changeLeadStatus } from '@/modules/leads/operations.server';
import { leads, staffUsers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { workingSecondsSql, type WorkingTime } from '@/lib/working-time';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { parseWorkingDays } from '@/lib/env-schema';
import { describeEachDriver, insertLeadNotification, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Every figure of the sales dashboard, on a seeded data set whose figures are worked out by hand below, on PGlite and
 * PostgreSQL. Working time is the default: Monday to Friday, 08:00–17:00 Lagos time (UTC+1), a 60-minute target.
 * "Now" is Wednesday 11 March 2026, 12:00 in Lagos.
 */

const NOW = lagos('2026-03-11 12:00');
const RANGE = { from: '2026-03-02', to: '2026-03-11' };
const LUGBE = 'Lugbe, Abuja';
const MONIYA = 'Moniya, Ibadan';

/** An instant given as Lagos wall-clock time. */
function lagos(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}:00+01:00`);
}

interface Seed {
  key: string;
  at: string;
  district: string;
  utm?: [string, string?];
  referrer?: string;
  spam?: boolean;
  /** Status changes in order, each at a Lagos time. */
  moves?: [string, string][];
}

/*
 * The leads, with each one's working minutes to first contact:
 *   L1  Mon 2 Mar 09:00 Lugbe   facebook / cpc (typed "facebook", "cpc")  contacted 09:20 → 20 min, then qualified
 *   L2  Mon 2 Mar 16:30 Moniya  Facebook / CPC (capitals)                 contacted Tue 08:45 → 30 + 45 = 75, qualified, won
 *   L3  Sat 7 Mar 10:00 Lugbe   referrer www.google.com                   contacted Mon 9 Mar 08:30 → 30 (the weekend does not count)
 *   L4  Mon 2 Mar 00:10 Lugbe   direct (Sun 1 Mar 23:10 UTC: Lagos day 2 Mar)  contacted 10:00 → 120, then lost
 *   L5  Tue 10 Mar 14:00 Moniya referrer instagram.com                    contacted 14:10 → 10, qualified, lost
 *   L6  Wed 11 Mar 10:30 Lugbe  newsletter (no medium)                    new: 90 working minutes by noon → overdue
 *   L7  Wed 11 Mar 11:30 Moniya direct                                    new: 30 minutes → not overdue
 *   L8  Fri 6 Mar 16:45 Moniya  instagram / social                        new: 15 + 540 + 540 + 240 → overdue
 *   L9  Thu 5 Mar 09:00 Lugbe   tiktok / paid                             contacted 09:05 → 5
 *   L10 Thu 5 Mar 11:00 Moniya  referrer nairaland.com                    contacted 11:30 → 30
 * Outside the view: X1 Sun 1 Mar 23:30 Lagos (a day early), X2 flagged spam, X3 marked spam by staff, X4 Thu 12 Mar
 * 00:05 Lagos (a day late, though still 11 Mar in UTC).
 */
const SEED: Seed[] = [
  {
    key: 'L1',
    at: '2026-03-02 09:00',
    district: LUGBE,
    utm: ['facebook', 'cpc'],
    moves: [
      ['contacted', '2026-03-02 09:20'],
      ['qualified', '2026-03-02 10:00'],
    ],
  },
  {
    key: 'L2',
    at: '2026-03-02 16:30',
    district: MONIYA,
    utm: ['Facebook', 'CPC'],
    moves: [
      ['contacted', '2026-03-03 08:45'],
      ['qualified', '2026-03-04 09:00'],
      ['won', '2026-03-09 15:00'],
    ],
  },
  {
    key: 'L3',
    at: '2026-03-07 10:00',
    district: LUGBE,
    referrer: 'https://www.google.com/search?q=plots+lugbe',
    moves: [['contacted', '2026-03-09 08:30']],
  },
  {
    key: 'L4',
    at: '2026-03-02 00:10',
    district: LUGBE,
    moves: [
      ['contacted', '2026-03-02 10:00'],
      ['lost', '2026-03-03 10:00'],
    ],
  },
  {
    key: 'L5',
    at: '2026-03-10 14:00',
    district: MONIYA,
    referrer: 'https://instagram.com/p/abc',
    moves: [
      ['contacted', '2026-03-10 14:10'],
      ['qualified', '2026-03-10 15:00'],
      ['lost', '2026-03-11 09:00'],
    ],
  },
  { key: 'L6', at: '2026-03-11 10:30', district: LUGBE, utm: ['newsletter'] },
  { key: 'L7', at: '2026-03-11 11:30', district: MONIYA },
  { key: 'L8', at: '2026-03-06 16:45', district: MONIYA, utm: ['instagram', 'social'] },
  { key: 'L9', at: '2026-03-05 09:00', district: LUGBE, utm: ['tiktok', 'paid'], moves: [['contacted', '2026-03-05 09:05']] },
  {
    key: 'L10',
    at: '2026-03-05 11:00',
    district: MONIYA,
    referrer: 'https://nairaland.com/thread/123',
    moves: [['contacted', '2026-03-05 11:30']],
  },
  { key: 'X1', at: '2026-03-01 23:30', district: LUGBE, moves: [['contacted', '2026-03-02 08:05']] },
  { key: 'X2', at: '2026-03-04 10:00', district: LUGBE, spam: true },
  { key: 'X3', at: '2026-03-04 11:00', district: MONIYA, moves: [['spam', '2026-03-04 11:05']] },
  { key: 'X4', at: '2026-03-12 00:05', district: LUGBE },
];

async function seed(db: Db, actor: { id: string; email: string; role: string }): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const lead of SEED) {
    const input = validLead({
      fullname: `Lead ${lead.key}`,
      email: `${lead.key.toLowerCase()}@example.com`,
      district: lead.district,
      utm_source: lead.utm?.[0],
      utm_medium: lead.utm?.[1],
      referrer: lead.referrer,
    });
    const saved = await saveLead(db, { input: input as never, spam: lead.spam ?? false, spamReason: lead.spam ? 'honeypot' : undefined });
    await db
      .update(leads)
      .set({ createdAt: lagos(lead.at) })
      .where(eq(leads.id, saved.id));
    for (const [status, at] of lead.moves ?? []) await changeLeadStatus(db, saved.id, status as never, actor, lagos(at));
    ids.set(lead.key, saved.id);
  }
  return ids;
}

describeEachDriver('sales dashboard figures', (ctx) => {
  let cookie = '';
  let ids = new Map<string, string>();
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      LEAD_WORKING_DAYS: undefined,
      LEAD_WORKING_HOURS: undefined,
      LEAD_CONTACT_TARGET_MINUTES: undefined,
    });
    const db = ctx.handle().db;
    const agent = await makeStaff(db, 'agent');
    cookie = await sessionCookieFor(db, agent);
    // An owner moves the leads along (an agent changes only their own: docs/decisions/0388); the agent reads the figures.
    ids = await seed(db, await makeStaff(db, 'owner'));
  });

  const figures = (
    filters: { from: string; to: string; district?: typeof LUGBE | typeof MONIYA },
    time: WorkingTime = DEFAULT_WORKING_TIME,
  ) => dashboardFigures(ctx.handle().db, filters as never, time, NOW);

  it('counts leads per Lagos day and district, every day of the range, zero days included', async () => {
    const { perDay } = await figures(RANGE);
    const byDay = Object.fromEntries(
      [...new Set(perDay.map((d) => d.day))].map((day) => [
        day,
        perDay
          .filter((d) => d.day === day)
          .map((d) => `${d.district}: ${d.count}`)
          .join(', '),
      ]),
    );
    expect(byDay).toEqual({
      '2026-03-02': `${LUGBE}: 2, ${MONIYA}: 1`, // L1, L4 (00:10 Lagos, still 1 March in UTC), L2
      '2026-03-03': `${LUGBE}: 0, ${MONIYA}: 0`,
      '2026-03-04': `${LUGBE}: 0, ${MONIYA}: 0`, // X2 and X3 are spam
      '2026-03-05': `${LUGBE}: 1, ${MONIYA}: 1`, // L9, L10
      '2026-03-06': `${LUGBE}: 0, ${MONIYA}: 1`, // L8
      '2026-03-07': `${LUGBE}: 1, ${MONIYA}: 0`, // L3
      '2026-03-08': `${LUGBE}: 0, ${MONIYA}: 0`,
      '2026-03-09': `${LUGBE}: 0, ${MONIYA}: 0`,
      '2026-03-10': `${LUGBE}: 0, ${MONIYA}: 1`, // L5
      '2026-03-11': `${LUGBE}: 1, ${MONIYA}: 1`, // L6, L7 (X4 is 12 March in Lagos)
    });
    const moniya = await figures({ ...RANGE, district: MONIYA });
    expect(moniya.perDay).toHaveLength(10);
    expect(moniya.perDay.every((d) => d.district === MONIYA)).toBe(true);
    expect(moniya.perDay.reduce((sum, d) => sum + d.count, 0)).toBe(5);
  });

  it('names the largest sources (UTM source / medium in lower case, referrer host without www., direct) and adds up the rest', async () => {
    const { sources } = await figures(RANGE);
    expect(sources).toEqual([
      { kind: 'campaign', label: 'facebook / cpc', count: 2 }, // L1 and L2, whatever their capitals
      { kind: 'direct', label: null, count: 2 }, // L4, L7
      { kind: 'campaign', label: 'instagram / social', count: 1 },
      { kind: 'campaign', label: 'newsletter', count: 1 },
      { kind: 'campaign', label: 'tiktok / paid', count: 1 },
      { kind: 'referrer', label: 'google.com', count: 1 },
      { kind: 'referrer', label: 'instagram.com', count: 1 },
      { kind: 'other', label: null, count: 1 }, // nairaland.com, the eighth
    ]);
    expect((await figures({ ...RANGE, district: LUGBE })).sources).toEqual([
      { kind: 'campaign', label: 'facebook / cpc', count: 1 },
      { kind: 'campaign', label: 'newsletter', count: 1 },
      { kind: 'campaign', label: 'tiktok / paid', count: 1 },
      { kind: 'direct', label: null, count: 1 },
      { kind: 'referrer', label: 'google.com', count: 1 },
    ]);
  });

  it('counts the funnel from the status history, and the leads overdue now', async () => {
    expect((await figures(RANGE)).funnel).toEqual({
      received: 10,
      contacted: 7, // all but L6, L7, L8
      qualified: 3, // L1 (qualified), L2 (won), L5 (qualified, then lost)
      won: 1, // L2
      lost: 2, // L4, L5
      overdue: 2, // L6, L8
    });
    expect((await figures({ ...RANGE, district: MONIYA })).funnel).toEqual({
      received: 5,
      contacted: 3,
      qualified: 2,
      won: 1,
      lost: 1,
      overdue: 1,
    });
  });

  it('gives median and 90th percentile working minutes to first contact per week of arrival, and over the range', async () => {
    const { weeks, contact } = await figures(RANGE);
    expect(weeks).toEqual([
      // L1 20, L2 75, L3 30, L4 120, L9 5, L10 30 → 5 20 30 30 75 120; L8 still new
      { week: '2026-03-02', received: 7, contacted: 6, withinTarget: 4, medianMinutes: 30, p90Minutes: 97.5 },
      // L5 10; L6 and L7 still new
      { week: '2026-03-09', received: 3, contacted: 1, withinTarget: 1, medianMinutes: 10, p90Minutes: 10 },
    ]);
    // 5 10 20 30 30 75 120: the median is the 4th, the 90th percentile 75 + 0.4 × 45
    expect(contact).toEqual({ contacted: 7, withinTarget: 5, medianMinutes: 30, p90Minutes: 93 });
    // A week with no leads is still a row.
    const quiet = await figures({ from: '2026-02-17', to: '2026-02-22' });
    expect(quiet.weeks).toEqual([
      { week: '2026-02-16', received: 0, contacted: 0, withinTarget: 0, medianMinutes: null, p90Minutes: null },
    ]);
    // X1 (Sunday 23:30, contacted Monday 08:05) belongs to the week before the range: 5 working minutes.
    expect((await figures({ from: '2026-03-01', to: '2026-03-01' })).weeks).toEqual([
      { week: '2026-02-23', received: 1, contacted: 1, withinTarget: 1, medianMinutes: 5, p90Minutes: 5 },
    ]);
  });

  it('follows the configured working time: days, hours and target', async () => {
    const allWeek: WorkingTime = { days: parseWorkingDays('mon-sun')!, startMinute: 0, endMinute: 1440, targetMinutes: 30 };
    const { contact, funnel } = await figures(RANGE, allWeek);
    // Around the clock, working minutes are wall-clock minutes: 5 10 20 30 590 (L4) 975 (L2) 2790 (L3, over the weekend).
    expect(contact).toEqual({ contacted: 7, withinTarget: 4, medianMinutes: 30, p90Minutes: 1701 }); // 975 + 0.4 × 1815
    expect(funnel.overdue).toBe(3); // L6, L8, and L7 too: 30 minutes reach a 30-minute target
  });

  it('computes working seconds across evenings, weekends and Lagos midnight', async () => {
    const db = ctx.handle().db;
    const secondsBetween = async (from: string, to: string, time = DEFAULT_WORKING_TIME) => {
      const result = (await db.execute(
        sql`select ${workingSecondsSql(sql`${lagos(from).toISOString()}::timestamptz`, sql`${lagos(to).toISOString()}::timestamptz`, time)} as s`,
      )) as unknown as {
        rows: { s: number }[];
      };
      return Number(result.rows[0].s);
    };
    expect(await secondsBetween('2026-03-02 09:00', '2026-03-02 09:20')).toBe(1200);
    expect(await secondsBetween('2026-03-06 16:30', '2026-03-09 08:30')).toBe(3600); // Friday evening to Monday morning
    expect(await secondsBetween('2026-03-07 00:00', '2026-03-08 23:59')).toBe(0); // a weekend
    expect(await secondsBetween('2026-03-02 00:10', '2026-03-02 07:59')).toBe(0); // before opening
    expect(await secondsBetween('2026-03-02 12:00', '2026-03-02 11:00')).toBe(0); // backwards
    const saturdays: WorkingTime = { ...DEFAULT_WORKING_TIME, days: parseWorkingDays('mon-sat')!, startMinute: 9 * 60, endMinute: 18 * 60 };
    expect(await secondsBetween('2026-03-07 10:00', '2026-03-09 08:30', saturdays)).toBe(8 * 3600);
  });

  it('agrees with working time counted minute by minute over random spans, working days and hours', async () => {
    const db = ctx.handle().db;
    // The reference: every Lagos minute of the span that falls on a working day within the hours.
    const byMinute = (from: number, to: number, time: WorkingTime) => {
      let seconds = 0;
      for (let at = from; at < to; at += 60_000) {
        const local = new Date(at + 3_600_000);
        const weekday = (local.getUTCDay() + 6) % 7;
        const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
        if (time.days & (1 << weekday) && minute >= time.startMinute && minute < time.endMinute) seconds += 60;
      }
      return seconds;
    };
    let seed = 61;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const spans = Array.from({ length: 40 }, () => {
      const from = Date.UTC(2026, 0, 1) + Math.floor(random() * 400 * 1440) * 60_000;
      const to = from + Math.floor((random() < 0.3 ? random() * 2 : random() * 20) * 1440) * 60_000;
      const startMinute = Math.floor(random() * 20) * 60;
      const time: WorkingTime = {
        days: 1 + Math.floor(random() * 127),
        startMinute,
        endMinute: random() < 0.2 ? 1440 : startMinute + 30 + Math.floor(random() * (1410 - startMinute)),
        targetMinutes: 60,
      };
      return { from, to, time };
    });
    const rows = [];
    for (const { from, to, time } of spans) {
      const result = (await db.execute(
        sql`select ${workingSecondsSql(sql`${new Date(from).toISOString()}::timestamptz`, sql`${new Date(to).toISOString()}::timestamptz`, time)} as s`,
      )) as unknown as { rows: { s: number }[] };
      rows.push(Number(result.rows[0].s));
    }
    expect(rows).toEqual(spans.map(({ from, to, time }) => byMinute(from, to, time)));
  });

  it('lists overdue leads in the inbox (overdue=1) and flags them on every list', async () => {
    const page = await listLeadPage(
      ctx.handle().db,
      { overdue: '1' },
      { staffId: '00000000-0000-4000-8000-000000000000', role: 'owner', now: NOW, time: DEFAULT_WORKING_TIME },
    );
    expect(page.leads.map((l) => l.fullName).sort()).toEqual(['Lead L6', 'Lead L8']);
    const all = await listLeadPage(ctx.handle().db, RANGE, {
      staffId: '00000000-0000-4000-8000-000000000000',
      role: 'owner',
      now: NOW,
      time: DEFAULT_WORKING_TIME,
    });
    expect(
      all.leads
        .filter((l) => l.overdue)
        .map((l) => l.id)
        .sort(),
    ).toEqual([ids.get('L6'), ids.get('L8')].sort());
  });

  it('answers the same figures through GET /api/admin/dashboard, and 400 with a sentence for filters it cannot read', async () => {
    const get = (query: string) => dashboardRoute(staffRequest(`/api/admin/dashboard${query}`, { cookie }), undefined);
    const res = await get(`?from=${RANGE.from}&to=${RANGE.to}&district=Moniya%2C%20Ibadan&status=won&q=ignored`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.filters).toEqual({ ...RANGE, district: MONIYA });
    expect(body.targetMinutes).toBe(60);
    expect(body.funnel).toMatchObject({ received: 5, contacted: 3, qualified: 2, won: 1, lost: 1 });
    expect(body.perDay).toHaveLength(10);
    for (const [query, error] of [
      ['?from=2026-02-30', 'Use a real calendar date for From and To, e.g. 2026-03-01.'],
      ['?from=2026-03-11&to=2026-03-02', 'From must be on or before To.'],
      ['?from=2024-01-01&to=2026-03-01', 'Choose a range of at most 366 days.'],
      ['?district=Lekki', 'Choose one of the listed districts.'],
      [`?from=${'9'.repeat(400)}`, 'Use a real calendar date for From and To, e.g. 2026-03-01.'],
    ]) {
      const bad = await get(query);
      expect(bad.status, query).toBe(400);
      expect(await bad.json()).toEqual({ error });
    }
    // The inbox refuses an impossible range the same way.
    const list = await listRoute(staffRequest('/api/admin/leads?from=2026-03-11&to=2026-03-02', { cookie }), undefined);
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ error: 'From must be on or before To.' });
  });

  it('defaults to the last 30 Lagos days, today included', async () => {
    const res = await dashboardRoute(staffRequest('/api/admin/dashboard', { cookie }), undefined);
    const body = await res.json();
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect(body.filters.to).toBe(today);
    expect(body.perDay).toHaveLength(60); // 30 days × 2 districts
  });
  it('gives speed to lead per week and agent: the first automatic message in seconds, the first contact by a person in working minutes', async () => {
    const db = ctx.handle().db;
    const ada = await makeStaff(db, 'agent');
    const bayo = await makeStaff(db, 'agent');
    await db.update(staffUsers).set({ name: 'Ada Agent' }).where(eq(staffUsers.id, ada.id));
    await db.update(staffUsers).set({ name: 'Bayo Agent' }).where(eq(staffUsers.id, bayo.id));
    const give = (key: string, staffId: string) =>
      db
        .update(leads)
        .set({ assignedTo: staffId })
        .where(eq(leads.id, ids.get(key)!));
    await give('L1', ada.id);
    await give('L2', ada.id);
    await give('L9', bayo.id);
    /** A message of the lead's that went `seconds` after it arrived (or, `state` given, did not go). */
    const message = async (
      key: string,
      channel: 'receipt' | 'first_reply' | 'push',
      seconds: number,
      state: 'sent' | 'failed' = 'sent',
    ) => {
      const at = new Date(lagos(SEED.find((lead) => lead.key === key)!.at).getTime() + seconds * 1000);
      await insertLeadNotification(db, { leadId: ids.get(key)!, channel, state, sentAt: state === 'sent' ? at : null });
    };
    await message('L1', 'receipt', 30);
    await message('L1', 'first_reply', 12); // the first the buyer saw: 12 s
    await message('L2', 'receipt', 90);
    await message('L2', 'first_reply', 5, 'failed'); // never went: not counted
    await message('L9', 'push', 3); // the agent's alert, not the buyer's message: not counted

    const { speed } = await figures(RANGE);
    const row = (agent: string | null, figures: Partial<(typeof speed)[number]>) => expect.objectContaining({ agent, ...figures });
    expect(speed).toEqual([
      // L5 10 min; L6 and L7 still new; nobody has them.
      row(null, {
        week: '2026-03-09',
        received: 3,
        messaged: 0,
        firstMessageSeconds: null,
        contacted: 1,
        withinTarget: 1,
        medianMinutes: 10,
      }),
      // L1 12 s and 20 min, L2 90 s and 75 min.
      row('Ada Agent', {
        week: '2026-03-02',
        received: 2,
        messaged: 2,
        firstMessageSeconds: 51,
        contacted: 2,
        withinTarget: 1,
        medianMinutes: 47.5,
      }),
      // L9 5 min, no message to the buyer yet.
      row('Bayo Agent', {
        week: '2026-03-02',
        received: 1,
        messaged: 0,
        firstMessageSeconds: null,
        contacted: 1,
        withinTarget: 1,
        medianMinutes: 5,
      }),
      // L3 30, L4 120, L10 30; L8 still new.
      row(null, {
        week: '2026-03-02',
        received: 4,
        messaged: 0,
        firstMessageSeconds: null,
        contacted: 3,
        withinTarget: 2,
        medianMinutes: 30,
      }),
    ]);
    expect(speed[1].agentId).toBe(ada.id);
  });
});
