import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import {
  buyerFirst,
  buyersFirstOn,
  HELD_LONG_MS,
  inLine,
  OTHERS_WAIT_CAP_MS,
  outOfLine,
  priorityGate,
  staffStatementsAtOnce,
  WAITED_LONG_MS,
  type WaitedLong,
} from './priority';
import { pgliteTemplate, TEST_DATABASE_URL } from '../../../tests/integration/helpers';

/**
 * On PGlite's one connection a buyer's write queued behind staff's reads runs after the read running now, before the
 * ones still waiting (docs/decisions/0421): the server's own database, opened as it opens it.
 */
describe.each([true, false])('buyers first on PGlite (PGLITE_BUYERS_FIRST %s)', (buyersFirst) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplate(), buyersFirst });
    await handle.db.execute(sql`create table buyer_writes (id serial primary key, at timestamptz default now())`);
  });
  afterAll(() => handle.close());

  it(
    buyersFirst
      ? 'starts a buyer write queued behind four long staff reads after the first of them, not after all four'
      : 'keeps a buyer write in arrival order when the switch is off',
    async () => {
      const done: string[] = [];
      // A read that takes a while on this machine (tens to hundreds of milliseconds), as a dashboard's statement once did.
      const staffRead = (i: number) =>
        handle.db.execute(sql`select count(*) from generate_series(1, 300000)`).then(() => done.push(`staff ${i}`));
      const reads = [1, 2, 3, 4].map(staffRead);
      // The buyer's lead comes while the first read runs and the others wait.
      await new Promise((resolve) => setImmediate(resolve));
      const write = buyerFirst(() =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into buyer_writes default values`);
        }),
      )().then(() => done.push('buyer'));
      await Promise.all([...reads, write]);
      expect(done).toEqual(
        buyersFirst ? ['staff 1', 'buyer', 'staff 2', 'staff 3', 'staff 4'] : ['staff 1', 'staff 2', 'staff 3', 'staff 4', 'buyer'],
      );
    },
  );

  it('keeps arrival order among calls of one kind', async () => {
    const done: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((i) => handle.db.execute(sql`select ${i}`).then(() => done.push(i))));
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the setting', () => {
  it('puts buyers first on a server started without it (docs/decisions/0440), and keeps arrival order when it says off, as every switch does', () => {
    const before = process.env.PGLITE_BUYERS_FIRST;
    try {
      delete process.env.PGLITE_BUYERS_FIRST;
      expect(buyersFirstOn()).toBe(true);
      for (const off of ['off', ' OFF ', 'false', '0', 'no']) {
        process.env.PGLITE_BUYERS_FIRST = off;
        expect([off, buyersFirstOn()]).toEqual([off, false]);
      }
      process.env.PGLITE_BUYERS_FIRST = ' ON ';
      expect(buyersFirstOn()).toBe(true);
    } finally {
      if (before === undefined) delete process.env.PGLITE_BUYERS_FIRST;
      else process.env.PGLITE_BUYERS_FIRST = before;
    }
  });
});

describe('one lane for every copy of the module', () => {
  it('lets a gate made by one copy see a buyer of another (Next.js bundles each route with copies of its own)', async () => {
    const gateCopy = await import('./priority');
    vi.resetModules();
    const routeCopy = await import('./priority');
    expect(routeCopy).not.toBe(gateCopy);
    const seen = await routeCopy.buyerFirst(async () => gateCopy.forBuyer())();
    expect(seen).toBe(true);
    expect(gateCopy.forBuyer()).toBe(false);
    // What a buyer's request starts for everyone (the job queue) leaves the lane.
    expect(await routeCopy.buyerFirst(async () => gateCopy.outsideBuyersLane(() => routeCopy.forBuyer()))()).toBe(false);
  });
});

describe('a call that holds PGlite’s connection long', () => {
  it('is named, and a short one is not', async () => {
    const named: string[] = [];
    const gate = priorityGate(true, (_ms, what) => named.push(what));
    const pause = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));
    await gate(pause(HELD_LONG_MS + 20), 'select a long read');
    await gate(pause(1), 'select a short read');
    expect(named).toEqual(['select a long read']);
  });
});

describe('staff while buyers keep coming', () => {
  afterEach(() => vi.useRealTimers());

  it('holds staff pages of many short statements back for a grace now and then, not one per statement', async () => {
    vi.useFakeTimers();
    const gate = priorityGate(true, () => {});
    // A buyer's handler runs all along (between its statements), so buyers are always on their way.
    let release = () => {};
    const buyer = buyerFirst(() => new Promise<void>((resolve) => (release = resolve)))();
    const started = Date.now();
    let done = 0;
    // Two staff pages at once (so one's statements wait while the other's run), 40 statements each, each a moment.
    const page = async () => {
      for (let i = 0; i < 40; i++) await gate(async () => void done++, `select ${i}`);
    };
    const pages = Promise.all([page(), page()]);
    while (done < 80 && Date.now() - started < 10_000) await vi.advanceTimersByTimeAsync(1);
    release();
    await Promise.all([pages, buyer]);
    expect(done).toBe(80);
    // One grace per waiting statement would be 80 graces (16 s); a grace, then as long unheld: one or two of them.
    expect(Date.now() - started).toBeLessThan(400);
  });
});

describe('a flood of buyers', () => {
  afterEach(() => vi.useRealTimers());

  it('lets a staff or job call that has waited OTHERS_WAIT_CAP_MS go next, and buyers keep every other call', async () => {
    vi.useFakeTimers();
    const gate = priorityGate(true, () => {});
    const order: string[] = [];
    // Four buyers' handlers, each a statement of 5 ms after another: a buyer's call always waits at the gate.
    let flooding = true;
    const buyer = (i: number) =>
      buyerFirst(async () => {
        while (flooding) await gate(() => new Promise((resolve) => setTimeout(resolve, 5)).then(() => order.push(`buyer ${i}`)));
      })();
    const buyers = [1, 2, 3, 4].map(buyer);
    await vi.advanceTimersByTimeAsync(20);
    const started = Date.now();
    // The health check's ping and two of the job queue's statements come during the flood.
    const others = ['select 1', 'fetch jobs', 'complete job'].map((what) =>
      gate(async () => void order.push(what), what).then(() => Date.now() - started),
    );
    let answered: number[] = [];
    void Promise.all(others).then((times) => (answered = times));
    while (!answered.length && Date.now() - started < 10_000) await vi.advanceTimersByTimeAsync(5);
    flooding = false;
    await vi.advanceTimersByTimeAsync(50);
    await Promise.all(buyers);
    // Buyers first until the cap, then each waiting call with a buyer's between them.
    expect(answered.length).toBe(3);
    for (const ms of answered) expect(ms).toBeGreaterThanOrEqual(OTHERS_WAIT_CAP_MS);
    expect(Math.max(...answered)).toBeLessThan(OTHERS_WAIT_CAP_MS + 100);
    const at = (what: string) => order.indexOf(what);
    expect(order.slice(at('select 1'), at('complete job') + 1)).toEqual([
      'select 1',
      expect.stringMatching(/^buyer/),
      'fetch jobs',
      expect.stringMatching(/^buyer/),
      'complete job',
    ]);
  });

  it('counts from the first buyer’s call that went ahead: a staff call that waited behind a long staff call alone goes after a buyer', async () => {
    vi.useFakeTimers();
    const gate = priorityGate(true, () => {});
    const order: string[] = [];
    const long = gate(() => new Promise((resolve) => setTimeout(resolve, OTHERS_WAIT_CAP_MS + 1_000)).then(() => order.push('long read')));
    const waiting = gate(async () => void order.push('staff read'), 'select a page');
    await vi.advanceTimersByTimeAsync(OTHERS_WAIT_CAP_MS + 500);
    const buyer = buyerFirst(() => gate(async () => void order.push('buyer'), 'insert a lead'))();
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([long, waiting, buyer]);
    expect(order).toEqual(['long read', 'buyer', 'staff read']);
  });
});

describe('a staff page’s statements one after another', () => {
  /** A statement as PGlite runs one: on this thread, nothing else runs meanwhile (longer than staff's slice of a turn). */
  const statement = () => async () => {
    const until = performance.now() + 15;
    while (performance.now() < until);
  };

  it.each([
    [true, 'lets a request that came meanwhile in after the statement running now'],
    [false, 'keeps them in one turn of the event loop when buyers first is off (the test’s own check)'],
  ])('%s: %s', async (buyersFirst) => {
    const gate = priorityGate(buyersFirst, () => {});
    let done = 0;
    // What the server does when a buyer's request arrives (reading it), due while the page's first statement runs.
    let doneWhenTheBuyerCame = -1;
    setTimeout(() => (doneWhenTheBuyerCame = done), 0);
    for (let i = 0; i < 6; i++) {
      await gate(statement(), `select ${i}`);
      done++;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Chained by promises alone, the six statements ran in one turn (90 ms here, 150 ms for a year's dashboard).
    if (buyersFirst) expect(doneWhenTheBuyerCame).toBeLessThanOrEqual(1);
    else expect(doneWhenTheBuyerCame).toBe(6);
  });
});

describe('a call that waits long for PGlite’s connection', () => {
  afterEach(() => vi.useRealTimers());

  it.each([true, false])('is reported once with what holds the connection and what waits (buyers first %s)', async (buyersFirst) => {
    vi.useFakeTimers();
    const reports: WaitedLong[] = [];
    const gate = priorityGate(
      buyersFirst,
      () => {},
      (report) => reports.push(report),
    );
    let release = () => {};
    const stuck = gate(() => new Promise<void>((resolve) => (release = resolve)), 'select a read that never ends');
    const waiting = gate(async () => 'exported', 'select a page of the export');
    await vi.advanceTimersByTimeAsync(WAITED_LONG_MS - 2_000);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      what: 'select a page of the export',
      holder: { what: 'select a read that never ends' },
      othersWaiting: 1,
      buyersWaiting: 0,
    });
    expect(reports[0].waitedMs).toBeGreaterThanOrEqual(WAITED_LONG_MS);
    await vi.advanceTimersByTimeAsync(WAITED_LONG_MS * 2);
    expect(reports).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(10);
    await expect(stuck).resolves.toBeUndefined();
    await expect(waiting).resolves.toBe('exported');
  });
});

/**
 * On PostgreSQL a buyer's calls take connections of their own (docs/decisions/0429): staff reads holding every
 * connection of the main pool neither make a buyer's lead wait for one of them nor time it out.
 */
describe.skipIf(!TEST_DATABASE_URL)('buyers apart on PostgreSQL', () => {
  it('answers a buyer’s query and transaction while staff reads hold every connection of the main pool', async () => {
    // Both reads at once (not in line), so that they hold both connections.
    const handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, poolMax: 2, migrate: false, staffStatementsAtOnce: 2 });
    try {
      const done: string[] = [];
      const reads = [1, 2].map((i) => handle.db.execute(sql`select pg_sleep(1.5)`).then(() => done.push(`staff ${i}`)));
      // A third staff call queues for the main pool: it is exhausted.
      const third = handle.db.execute(sql`select 1`).then(() => done.push('staff 3'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await buyerFirst(async () => {
        await handle.db.execute(sql`select 1`);
        await handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
      })().then(() => done.push('buyer'));
      await Promise.all([...reads, third]);
      expect(done[0]).toBe('buyer');
      // The third staff call had to wait for one of the reads: the main pool was indeed full when the buyer came.
      expect(done.indexOf('staff 3')).toBeGreaterThan(1);
    } finally {
      await handle.close();
    }
  });
});

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('staff statements in line (PostgreSQL)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs calls at most so many at once, in the order they came, and a failed call gives its place up', async () => {
    const line = inLine(1);
    const log: string[] = [];
    const holds = [deferred(), deferred(), deferred()];
    const calls = ['a', 'b', 'c'].map((name, i) =>
      line(async () => {
        log.push(`start ${name}`);
        await holds[i].promise;
        log.push(`end ${name}`);
        if (name === 'a') throw new Error('a failed');
      }),
    );
    holds[1].resolve();
    holds[2].resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['start a']);
    holds[0].resolve();
    await expect(calls[0]).rejects.toThrow('a failed');
    await Promise.all(calls.slice(1));
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets a call that has waited its cap go beside the one running', async () => {
    vi.useFakeTimers();
    const line = inLine(1, 2_000);
    const hold = deferred();
    const first = line(() => hold.promise);
    let went = false;
    const second = line(async () => void (went = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(went).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(went).toBe(true);
    hold.resolve();
    await first;
  });

  it('takes half the cores, at least one, unless POSTGRES_STAFF_STATEMENTS_AT_ONCE says how many', () => {
    expect(staffStatementsAtOnce(undefined, 1)).toBe(1);
    expect(staffStatementsAtOnce(undefined, 2)).toBe(1);
    expect(staffStatementsAtOnce(' Auto ', 8)).toBe(4);
    expect(staffStatementsAtOnce('3', 2)).toBe(3);
    expect(staffStatementsAtOnce('many', 4)).toBe(2);
  });
});

/**
 * What PostgreSQL runs at once, sampled from pg_stat_activity while three staff statements, two buyers' and a job's are
 * sent together: the staff's one after another, the buyers' and the job's beside them (docs/decisions/0455).
 */
describe.skipIf(!TEST_DATABASE_URL)('staff statements in line on PostgreSQL', () => {
  it.each([1, 3])('runs %i staff statement(s) at once, and buyers’ and a job’s beside them', async (atOnce) => {
    const handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, migrate: false, staffStatementsAtOnce: atOnce });
    const pg = await import('pg');
    const watcher = new pg.default.Client({ connectionString: TEST_DATABASE_URL });
    await watcher.connect();
    const marker = `in_line_${atOnce}_${process.pid}`;
    const most = { staff: 0, buyer: 0, system: 0, staffAndSystem: 0 };
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const { rows } = await watcher.query<{ staff: number; buyer: number; system: number }>(
          `select count(*) filter (where query like $1)::int as staff, count(*) filter (where query like $2)::int as buyer,
             count(*) filter (where query like $3)::int as system
           from pg_stat_activity where state = 'active' and pid <> pg_backend_pid()`,
          [`%${marker}_staff%`, `%${marker}_buyer%`, `%${marker}_system%`],
        );
        most.staff = Math.max(most.staff, rows[0].staff);
        most.buyer = Math.max(most.buyer, rows[0].buyer);
        most.system = Math.max(most.system, rows[0].system);
        most.staffAndSystem = Math.max(most.staffAndSystem, rows[0].staff + rows[0].system);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      const sleep = (who: string) => async () => await handle.db.execute(sql.raw(`select pg_sleep(0.6) as ${marker}_${who}`));
      await Promise.all([
        ...[1, 2, 3].map(() => sleep('staff')()),
        ...[1, 2].map(() => buyerFirst(sleep('buyer'))()),
        // A job's or the health check's (outOfLine): beside the staff's, never in their line.
        outOfLine(sleep('system')),
      ]);
    } finally {
      watching = false;
      await watch;
      await watcher.end();
      await handle.close();
    }
    expect(most.staff).toBe(atOnce);
    expect(most.buyer).toBe(2);
    expect(most.staffAndSystem).toBe(atOnce + 1);
  });
});
