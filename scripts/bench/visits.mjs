// Bench, visits part (docs/decisions/0350-visits-counted-on-the-server.md): what counting visits costs page serving.
// Two copies of the site on fresh embedded databases, one with VISIT_COUNTING=off, get the same `GET /` at 64
// connections, taking turns for ROUNDS rounds of SECONDS (a pause after each, so the counter's writes of one turn fall
// in no other's; each copy goes first in half the rounds); medians compared. The requests come from VISITORS different
// visitors (their own address, TRUST_PROXY=1; a browser's user agent) through 50 campaigns. After SIGTERM (the
// counter's last write) the visits stored are compared with the pages answered.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { exited, freePort, freshDatabase, startServer, waitHealthy } from '../lib/harness.mjs';
import { median, noneShort, printRows } from './server-common.mjs';

const ROUNDS = Number(process.env.BENCH_VISITS_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_VISITS_SECONDS ?? 8);
const TARGET_RATIO = 0.9;
// Different visitors: each a fingerprint the counter hashes and writes every few seconds. 2,000 in 5 s is far more than
// the site will see (about 35 million a day), and with 50 campaigns every write holds 2,000 different rows of notes.
const VISITORS = 2_000;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

async function load(url, seconds) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: 64,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            path: `/?utm_source=bench&utm_medium=cpc&utm_campaign=c${n % 50}`,
            headers: {
              ...request.headers,
              'user-agent': BROWSER,
              'x-forwarded-for': `10.0.${(n % VISITORS) >> 8}.${(n % VISITORS) & 255}`,
            },
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answered: result['2xx'],
    errors: result.errors + result.non2xx,
  };
}

export async function benchVisits(log) {
  const copies = {};
  for (const counting of ['off', 'on']) {
    const database = await freshDatabase('pglite', `bench_visits_${counting}`);
    const port = freePort();
    const child = startServer(
      port,
      { ...database.env, VISIT_COUNTING: counting, TRUST_PROXY: '1' },
      path.join(database.work, 'server.log'),
    );
    copies[counting] = { database, child, url: `http://127.0.0.1:${port}`, samples: [], answered: 0 };
  }
  try {
    for (const copy of Object.values(copies)) await waitHealthy(copy.url, copy.child);
    await sleep(3_000);
    for (const copy of Object.values(copies)) copy.answered += (await load(`${copy.url}/`, 2)).answered; // warm-up
    await sleep(6_000);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['on', 'off'] : ['off', 'on'];
      for (const counting of order) {
        const sample = await load(`${copies[counting].url}/`, SECONDS);
        copies[counting].samples.push(sample);
        copies[counting].answered += sample.answered;
        await sleep(8_000);
      }
      log(
        `visits: round ${round + 1}/${ROUNDS}: off ${copies.off.samples.at(-1).requestsPerSecond} req/s, on ${copies.on.samples.at(-1).requestsPerSecond} req/s`,
      );
    }
  } finally {
    for (const copy of Object.values(copies)) {
      copy.child.kill('SIGTERM');
      await exited(copy.child);
    }
  }
  const [{ visits }] = await copies.on.database.query('select coalesce(sum(visits), 0)::int as visits from visit_counts');
  const [{ off }] = await copies.off.database.query('select count(*)::int as off from visit_counts');
  for (const copy of Object.values(copies)) await copy.database.dispose();

  const figure = (counting) => ({
    requestsPerSecond: median(copies[counting].samples.map((s) => s.requestsPerSecond)),
    p50Ms: median(copies[counting].samples.map((s) => s.p50Ms)),
    p99Ms: median(copies[counting].samples.map((s) => s.p99Ms)),
    errors: copies[counting].samples.reduce((sum, s) => sum + s.errors, 0),
  });
  const on = figure('on');
  const offFigure = figure('off');
  const ratio = Math.round((on.requestsPerSecond / offFigure.requestsPerSecond) * 100) / 100;
  const rows = [
    {
      driver: 'pglite',
      figure: 'GET / at 64 connections, counting on vs off',
      value: `${on.requestsPerSecond} req/s (p50 ${on.p50Ms} ms, p99 ${on.p99Ms} ms) vs ${offFigure.requestsPerSecond} (p50 ${offFigure.p50Ms} ms, p99 ${offFigure.p99Ms} ms): ${ratio}`,
      target: `≥ ${TARGET_RATIO}`,
      pass: ratio >= TARGET_RATIO && on.errors === 0 && offFigure.errors === 0,
    },
    {
      driver: 'pglite',
      figure: 'visits stored after SIGTERM',
      value: `${visits} of ${copies.on.answered} pages answered (counting off: ${off} rows)`,
      // autocannon counts the answers that arrived within its run; those still in flight at its end were answered too.
      target: 'all of them (+ up to 64 in flight at the end of each run); none with counting off',
      pass: visits >= copies.on.answered && visits <= copies.on.answered + 64 * (ROUNDS + 1) && off === 0,
    },
  ];
  printRows('Visits counted on the server (medians of the rounds)', rows);
  return { on, off: offFigure, ratio, visitsStored: visits, pagesAnswered: copies.on.answered, rows, pass: noneShort(rows) };
}
