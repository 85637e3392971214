import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterTheRush, visitorWritesUnanswered } from '../src/lib/server-hand-over.mjs';
import { admitWrites } from './admission.mjs';
import { inStaffArea } from './staff-area.mjs';

const LIMIT = 2;

/** server.mjs in miniature: writes admitted LIMIT at a time into a stand-in for Next.js that answers when told. */
let server: Server;
let base: string;
let handled: string[];
let open: Map<string, ServerResponse>;
let received: number;

beforeEach(async () => {
  const admit = admitWrites(LIMIT);
  handled = [];
  open = new Map();
  received = 0;
  server = createServer((req, res) => {
    received++;
    admit(req, res, () => {
      const name = String(req.headers['x-name']);
      handled.push(name);
      req.resume();
      req.on('end', () => open.set(name, res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends a request named `name`; resolves with its status once answered. `body: false` leaves the body unfinished. */
function send(
  name: string,
  method: string,
  body: string | false = 'title=Mr',
  path = '/api/interest',
): { answered: Promise<number>; request: ClientRequest } {
  let request!: ClientRequest;
  const answered = new Promise<number>((resolve, reject) => {
    request = httpRequest(
      `${base}${path}`,
      { method, agent: false, headers: { 'x-name': name, ...(method === 'GET' ? {} : { 'content-length': '8' }) } },
      (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
  if (method === 'GET') request.end();
  else if (body === false) request.write('titl');
  else request.end(body);
  return { answered, request };
}

const answer = (name: string) => open.get(name)?.writeHead(201).end();
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('writes admitted into Next.js a few at a time', () => {
  it('hands over at most the limit of writes at once, the next in arrival order as each is answered; reads never wait', async () => {
    const writes = ['a', 'b', 'c', 'd'].map((name) => send(name, 'POST'));
    await settle();
    expect(handled).toEqual(['a', 'b']);

    const read = send('page', 'GET');
    await settle();
    expect(handled).toEqual(['a', 'b', 'page']);
    answer('page');
    expect(await read.answered).toBe(201);

    answer('b');
    await settle();
    expect(handled).toEqual(['a', 'b', 'page', 'c']);
    for (const name of ['a', 'c']) answer(name);
    await settle();
    answer('d');
    expect(await Promise.all(writes.map((w) => w.answered))).toEqual([201, 201, 201, 201]);
  });

  it('never hands over a write whose visitor left while it waited', async () => {
    const first = ['a', 'b'].map((name) => send(name, 'POST'));
    const gone = send('gone', 'POST');
    gone.answered.catch(() => {});
    await settle();
    gone.request.destroy();
    await settle();
    const after = send('after', 'POST');
    await settle();
    answer('a');
    await settle();
    expect(handled).toEqual(['a', 'b', 'after']);
    for (const name of ['b', 'after']) answer(name);
    expect(await Promise.all([...first, after].map((w) => w.answered))).toEqual([201, 201, 201]);
  });

  it('lets a write whose body is still arriving in at once, so a slow client never holds a place', async () => {
    const full = ['a', 'b'].map((name) => send(name, 'POST'));
    const slow = send('slow', 'POST', false);
    await settle();
    expect(handled).toEqual(['a', 'b', 'slow']);
    slow.request.end('e=Mr');
    await settle();
    for (const name of ['a', 'b', 'slow']) answer(name);
    expect(await Promise.all([...full, slow].map((w) => w.answered))).toEqual([201, 201, 201]);
  });

  it('holds work that can wait while writes queue for a place, and lets it go when the queue empties or after its limit', async () => {
    const resolvedAfter = async (waiting: Promise<void>) => {
      let done = false;
      void waiting.then(() => (done = true));
      await settle();
      return done;
    };
    expect(await resolvedAfter(afterTheRush(10_000))).toBe(true);

    const writes = ['a', 'b', 'c'].map((name) => send(name, 'POST'));
    await settle();
    const held = afterTheRush(10_000);
    expect(await resolvedAfter(held)).toBe(false);
    const start = Date.now();
    await afterTheRush(300);
    expect(Date.now() - start).toBeGreaterThanOrEqual(300);

    answer('a');
    expect(await resolvedAfter(held)).toBe(true);
    for (const name of ['b', 'c']) answer(name);
    expect(await Promise.all(writes.map((w) => w.answered))).toEqual([201, 201, 201]);
  });

  it('counts a visitor’s write from the moment it is read until it is answered, waiting or not; staff’s and reads never', async () => {
    const first = send('a', 'POST');
    const staff = send('staff', 'POST', 'status=x', '/api/admin/leads/1');
    await settle();
    const waiting = send('c', 'POST');
    const read = send('page', 'GET');
    await settle();
    // c waits for a place (a and the staff write hold both) and counts all the same: a buyer on the way.
    expect(handled).toEqual(['a', 'staff', 'page']);
    expect(visitorWritesUnanswered()).toBe(2);
    for (const name of ['a', 'staff', 'page']) answer(name);
    await settle();
    expect(visitorWritesUnanswered()).toBe(1);
    answer('c');
    expect(await Promise.all([first, staff, waiting, read].map((w) => w.answered))).toEqual([201, 201, 201, 201]);
    await settle();
    expect(visitorWritesUnanswered()).toBe(0);
  });

  it('counts no write anywhere in the staff area (serving/staff-area.mjs), and one just outside it', async () => {
    const paths = ['/admin/leads/1', '/api/admin/leads/1', '/api/staff/leads/1/claim', '/registration/sign-in?next=%2Fadmin', '/staff-app'];
    const writes = [
      ...paths.map((path, i) => send(`staff ${i}`, 'POST', 'status=x', path)),
      send('visitor', 'POST', 'title=Mr', '/administrator'),
    ];
    // Counted as it is read: once the server has read all six, only the visitor's counts.
    while (received < writes.length) await settle();
    expect(visitorWritesUnanswered()).toBe(1);
    while (handled.length < writes.length || open.size) {
      for (const name of open.keys()) answer(name);
      open.clear();
      await settle();
    }
    expect(await Promise.all(writes.map((w) => w.answered))).toEqual(writes.map(() => 201));
    expect(visitorWritesUnanswered()).toBe(0);
  });
});

describe('the staff area', () => {
  it('is each of its paths and what is below them, with or without a query; a path that only begins alike is not', () => {
    for (const url of [
      '/admin',
      '/admin?tab=new',
      '/admin/leads/1',
      '/api/admin/exports/leads',
      '/api/staff',
      '/registration/enrol',
      '/staff-app/sw.js',
    ])
      expect([url, inStaffArea(url)]).toEqual([url, true]);
    for (const url of ['/', '/administrator', '/api/administer', '/api/interest', '/staff-apps', '/d1?admin=1'])
      expect([url, inStaffArea(url)]).toEqual([url, false]);
  });
});
