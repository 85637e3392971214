import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { noteVisit, startCounting, takeVisits, type VisitNote } from '../../serving/visits.mjs';
import type { Db } from '@/lib/db/client';
import { visitCounts, visitSalts, visitVisitors } from '@/lib/db/schema';
import { addVisits, NEW_SOURCES_PER_CLIENT, NEW_SOURCES_PER_DAY, startVisitCounter } from '@/modules/visits/counter.server';
import { describeEachDriver } from './helpers';

/**
 * Visits counted by the server (docs/decisions/0350-visits-counted-on-the-server.md), from the request to the row: a
 * plain node:http server with serving/visits.mjs in front, as serving/server.mjs has it, answering every path with a
 * page (some with a 404 or an image), and the counter writing what it noted, on PGlite and PostgreSQL.
 */

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CONTEXT = { trustProxy: 1, ownHosts: ['meridian.example'] };

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    noteVisit(req, res);
    // As Next.js answers (headers set one by one), and as server.mjs answers a page from memory (writeHead).
    const answer = (status: number, type: string, body: string) => {
      res.statusCode = status;
      res.setHeader('content-type', type);
      res.end(body);
    };
    if (req.url?.startsWith('/missing')) return answer(404, 'text/html', 'no');
    if (req.url?.startsWith('/opengraph-image')) return answer(200, 'image/png', 'png');
    if (req.headers['if-none-match']) return void res.writeHead(304, { etag: '"x"' }).end();
    if (req.url === '/d2') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>kept</title>');
    answer(200, 'text/html; charset=utf-8', '<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  startCounting(true);
});
afterAll(async () => {
  startCounting(false);
  takeVisits();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => void takeVisits());

/** A GET from a client at `address` (behind one proxy: TRUST_PROXY=1), answered in full. */
function visit(path: string, { address = '198.51.100.7', ua = PHONE, headers = {} as Record<string, string> } = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { 'user-agent': ua, 'x-forwarded-for': address, ...headers } },
      (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
    );
    req.on('error', reject).end();
  });
}

const rowsOf = (db: Db) =>
  db.select().from(visitCounts).orderBy(visitCounts.day, visitCounts.path, visitCounts.kind, visitCounts.source, visitCounts.campaign);

describeEachDriver('visits counted on the server', (ctx) => {
  beforeEach(async () => {
    const { db } = ctx.handle();
    await db.delete(visitCounts);
    await db.delete(visitVisitors);
    await db.delete(visitSalts);
  });

  it('counts page answers per day, page and source; not bots, prefetches, router requests, other files or our own steps', async () => {
    const { db } = ctx.handle();
    const counter = startVisitCounter(db, CONTEXT, { intervalMs: 60_000 });
    const campaign = '/?utm_source=Facebook&utm_medium=CPC&utm_campaign=Nov-Lugbe&fbclid=abc';
    await visit(campaign, { address: '198.51.100.7' });
    await visit(campaign, { address: '198.51.100.7' }); // the same visitor again
    await visit(campaign, { address: '203.0.113.9', ua: LAPTOP });
    await visit('/d1', { headers: { referer: 'https://www.google.com/search?q=plots' } });
    await visit('/d2/', {});
    await visit('/d2', { address: '203.0.113.9', ua: LAPTOP, headers: { 'if-none-match': '"x"' } });
    // Not visits:
    await visit('/d1', { headers: { referer: `http://127.0.0.1:${port}/` } }); // a step from our own page
    await visit('/d2', { headers: { referer: 'https://meridian.example/d1' } }); // the same, by SITE_URL's host
    await visit('/', { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit('/', { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    await visit('/', { ua: '' });
    await visit('/d1', { headers: { 'next-router-prefetch': '1' } });
    await visit('/d1', { headers: { purpose: 'prefetch' } });
    await visit('/d1', { headers: { 'sec-purpose': 'prefetch;prerender' } });
    await visit('/d1', { headers: { rsc: '1' } });
    await visit('/d1?_rsc=1x2y');
    await visit('/missing');
    await visit('/opengraph-image');
    for (const path of [
      '/api/interest',
      '/admin',
      '/admin/dashboard',
      '/registration',
      '/_next/static/chunks/a.js',
      '/favicon.ico',
      '/media/hero.jpg',
    ])
      await visit(path);
    await counter.stop();

    const rows = (await rowsOf(db)).map(({ day, ...row }) => ({ today: day.length === 10, ...row }));
    expect(rows).toEqual([
      { today: true, path: '/', kind: 'campaign', source: 'facebook', medium: 'cpc', campaign: 'nov-lugbe', visits: 3, visitors: 2 },
      { today: true, path: '/d1', kind: 'referrer', source: 'google.com', medium: '', campaign: '', visits: 1, visitors: 1 },
      { today: true, path: '/d2', kind: 'direct', source: '', medium: '', campaign: '', visits: 2, visitors: 2 },
    ]);
  });

  it('counts each Lagos day apart; the salt changes with the day and no fingerprint or salt outlives its day', async () => {
    const { db } = ctx.handle();
    const note = (at: string, url = '/d1', forwardedFor = '198.51.100.7, 127.0.0.1'): VisitNote => ({
      url,
      host: 'meridian.example',
      referer: '',
      userAgent: PHONE,
      forwardedFor,
      count: 1,
      at: Date.parse(at),
    });
    // 23:30 and 23:59 in Lagos (UTC+1) on the 9th, then 00:10 on the 10th: two days.
    await addVisits(db, [note('2026-11-09T22:30:00Z'), note('2026-11-09T22:59:00Z')], CONTEXT, new Date('2026-11-09T22:59:05Z'));
    const [firstSalt] = await db.select().from(visitSalts);
    const firstPrints = await db.select().from(visitVisitors);
    expect(firstSalt.day).toBe('2026-11-09');
    expect(firstPrints).toHaveLength(1);

    await addVisits(
      db,
      [note('2026-11-09T23:10:00Z'), note('2026-11-09T23:11:00Z', '/d1', '192.0.2.44, 127.0.0.1')],
      CONTEXT,
      new Date('2026-11-09T23:11:05Z'),
    );
    const salts = await db.select().from(visitSalts);
    const prints = await db.select().from(visitVisitors);
    expect(salts.map((s) => s.day)).toEqual(['2026-11-10']);
    expect(salts[0].salt).not.toBe(firstSalt.salt);
    expect(prints.every((p) => p.day === '2026-11-10')).toBe(true);
    expect(prints.map((p) => p.hash)).not.toContain(firstPrints[0].hash); // the same visitor, another fingerprint
    const days = await db
      .select({ day: visitCounts.day, visits: visitCounts.visits, visitors: visitCounts.visitors })
      .from(visitCounts)
      .where(and(eq(visitCounts.path, '/d1'), eq(visitCounts.kind, 'direct')))
      .orderBy(visitCounts.day);
    expect(days).toEqual([
      { day: '2026-11-09', visits: 2, visitors: 1 },
      { day: '2026-11-10', visits: 2, visitors: 2 }, // yesterday's visitor is a new visitor today
    ]);
  });

  it('nobody can inflate the sources: a few new ones per client a day, a few dozen in all, then "other"; known ones keep counting', async () => {
    const { db } = ctx.handle();
    const at = Date.parse('2026-11-12T10:00:00Z');
    const note = (url: string, address: string, referer = ''): VisitNote => ({
      url,
      host: 'meridian.example',
      referer,
      userAgent: PHONE,
      forwardedFor: `${address}, 127.0.0.1`,
      count: 1,
      at,
    });
    const add = (notes: VisitNote[]) => addVisits(db, notes, CONTEXT, new Date(at + 5_000));
    const visitsBySource = async () => {
      const rows = await db.select().from(visitCounts).where(eq(visitCounts.day, '2026-11-12'));
      const by = new Map<string, number>();
      for (const row of rows) by.set(`${row.kind} ${row.source}`, (by.get(`${row.kind} ${row.source}`) ?? 0) + row.visits);
      return by;
    };
    // Facebook was counted yesterday: a known source.
    await addVisits(db, [{ ...note('/?utm_source=facebook', '192.0.2.1'), at: at - 86_400_000 }], CONTEXT, new Date(at - 86_395_000));

    // One client invents twenty sources and three referring sites: only its first few of each day become rows.
    await add([
      ...Array.from({ length: 20 }, (_, i) => note(`/?utm_source=minted-${i}`, '198.51.100.7')),
      ...Array.from({ length: 3 }, (_, i) => note('/d1', '198.51.100.7', `https://minted-${i}.example/`)),
      note('/?utm_source=facebook', '198.51.100.7'),
    ]);
    let by = await visitsBySource();
    for (let i = 0; i < NEW_SOURCES_PER_CLIENT; i++) expect(by.get(`campaign minted-${i}`)).toBe(1);
    expect(by.get(`campaign minted-${NEW_SOURCES_PER_CLIENT}`)).toBeUndefined();
    expect(by.get('campaign other')).toBe(20 - NEW_SOURCES_PER_CLIENT);
    expect(by.get('referrer other')).toBe(3);
    expect(by.get('campaign facebook')).toBe(1);

    // Its /64s are one client: another /64 of the same /48 adds nothing new either.
    const v6 = Array.from({ length: NEW_SOURCES_PER_CLIENT + 4 }, (_, i) => i);
    await add(v6.slice(0, 7).map((i) => note(`/?utm_source=minted-v6-${i}`, `2001:db8:7:${i + 1}::1`)));
    await add(v6.slice(7).map((i) => note(`/?utm_source=minted-v6-${i}`, `2001:db8:7:${i + 1}::1`)));
    by = await visitsBySource();
    expect(v6.filter((i) => by.has(`campaign minted-v6-${i}`))).toHaveLength(NEW_SOURCES_PER_CLIENT);

    // Many clients, one new source each: the day's allowance runs out for everyone.
    await add(Array.from({ length: 100 }, (_, i) => note(`/?utm_source=crowd-${i}`, `203.0.113.${i + 1}`)));
    by = await visitsBySource();
    const newRows = [...by.keys()].filter((key) => /^campaign (minted|crowd)/.test(key) || /^referrer minted/.test(key));
    expect(newRows).toHaveLength(NEW_SOURCES_PER_DAY);

    // Known sources keep counting for anyone: yesterday's, and the ones admitted today.
    await add([
      note('/?utm_source=facebook', '192.0.2.200'),
      note('/?utm_source=minted-0', '192.0.2.201'),
      note('/?utm_source=late', '192.0.2.202'),
    ]);
    by = await visitsBySource();
    expect(by.get('campaign facebook')).toBe(2);
    expect(by.get('campaign minted-0')).toBe(2);
    expect(by.get('campaign late')).toBeUndefined();

    // The allowances go with the day's fingerprints: nothing about a client outlives its day.
    await addVisits(db, [{ ...note('/d1', '192.0.2.1'), at: at + 86_400_000 }], CONTEXT, new Date(at + 86_405_000));
    expect((await db.select().from(visitVisitors)).every((row) => row.day === '2026-11-13')).toBe(true);
  });

  it('a crash loses at most what was noted since the last write began, one interval', async () => {
    const { db } = ctx.handle();
    const INTERVAL = 250;
    let crashed = false;
    const takes: number[] = [];
    // A crash: the process's memory is gone, so nothing noted after it is ever written.
    const take = () => {
      if (crashed) return { notes: [], dropped: 0 };
      takes.push(Date.now());
      return takeVisits();
    };
    const counter = startVisitCounter(db, CONTEXT, { intervalMs: INTERVAL, take });
    const answered: number[] = [];
    const started = Date.now();
    let n = 0;
    while (Date.now() - started < 1_600) {
      await visit(`/d1?utm_source=radio&utm_campaign=c${n++ % 7}`, { address: `198.51.100.${n % 200}` });
      answered.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The crash comes just after a write began, with one visit noted since (the next write is an interval away).
    const writes = takes.length;
    while (takes.length === writes) await new Promise((resolve) => setTimeout(resolve, 5));
    await visit('/d1?utm_source=radio&utm_campaign=lost');
    answered.push(Date.now());
    crashed = true;
    takeVisits(); // what was in memory at the crash
    await counter.stop(); // the write under way at the crash is committed or not; here it is let finish
    const total = (await db.select({ visits: visitCounts.visits }).from(visitCounts)).reduce((sum, row) => sum + row.visits, 0);
    const lastTake = takes.at(-1)!;
    // Everything answered before the last write began is stored; what was noted since was lost. (Requests go one at a
    // time and are noted before their answer arrives, so one answered just after the write began may be in it.)
    const before = answered.filter((at) => at < lastTake).length;
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(before + 1);
    expect(total).toBeLessThan(answered.length);
    // Writes began every interval (timers on a busy machine run late: the median within twice it).
    const gaps = takes
      .slice(1)
      .map((at, i) => at - takes[i])
      .sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(2 * INTERVAL);
  });
});
