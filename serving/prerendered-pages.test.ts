import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prerenderedPages } from './prerendered-pages.mjs';

const PAGE = `<!DOCTYPE html><html><body>${'<p>Plots in Lugbe, Abuja</p>'.repeat(200)}</body></html>`;
const ETAG = '"build-1"';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** server.mjs in miniature: the pages first, then a stand-in for Next.js that counts what it is asked. */
let server: Server;
let base: string;
let nextCalls: string[];
let nextAnswer: (req: IncomingMessage, res: ServerResponse) => void;

/** Next.js's answer: gzipped when the request accepts it (its `compress` option), in two writes. */
const asNextDoes = (req: IncomingMessage, res: ServerResponse) => {
  const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
  const body = gzip ? gzipSync(PAGE) : Buffer.from(PAGE);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 's-maxage=31536000');
  res.setHeader('x-nextjs-prerender', ['1', '1']);
  res.writeHead(200, {
    ETag: ETAG,
    'Content-Security-Policy': "script-src 'self'",
    Vary: 'rsc, Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.write(body.subarray(0, 100));
  res.end(body.subarray(100));
};

beforeEach(async () => {
  const pages = prerenderedPages(
    new Map([
      ['/', ETAG],
      ['/d1', '"build-1-d1"'],
    ]),
  );
  nextCalls = [];
  nextAnswer = asNextDoes;
  server = createServer((req, res) =>
    pages.serve(req, res, () => {
      nextCalls.push(`${req.method} ${req.url} ${req.headers['accept-encoding'] ?? 'identity'}`);
      nextAnswer(req, res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that describe the page (not the date, nor how this message was framed). */
const pageHeaders = (headers: IncomingMessage['headers']) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'content-encoding'].includes(name)),
  );

/** The first request is Next.js's; the page is kept once it is compressed (in the background), then Next.js is not asked. */
async function keepPage(path = '/') {
  const first = await get(path, { 'accept-encoding': 'gzip' });
  await expect
    .poll(async () => {
      const asked = nextCalls.length;
      await get(path);
      return nextCalls.length === asked;
    })
    .toBe(true);
  nextCalls = [];
  return first;
}

describe('prerendered pages answered from memory', () => {
  it('answers a page after its first time exactly as Next.js did, in the encoding the browser prefers', async () => {
    const first = await keepPage();
    // The first visitor gets the page compressed too (by Next.js); what is kept is the page itself.
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(PAGE);

    const identity = await get('/?utm_source=whatsapp');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(nextCalls).toEqual([]);
    expect(identity.body.toString()).toBe(PAGE);
    expect(pageHeaders(identity.headers)).toEqual(pageHeaders(first.headers));
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(PAGE.length / 10);
    for (const answer of [br, gzip]) {
      expect(answer.headers['content-security-policy']).toBe("script-src 'self'");
      expect(answer.headers['cache-control']).toBe('s-maxage=31536000');
      expect(answer.headers['x-nextjs-prerender']).toBe('1, 1');
    }
  });

  it('answers a revalidation that holds the build’s ETag with 304 and no body', async () => {
    const revalidated = await get('/d1', { 'if-none-match': 'W/"build-1-d1"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe('"build-1-d1"');
    expect(revalidated.body).toHaveLength(0);
    expect((await get('/d1', { 'if-none-match': '"an-older-build"' })).status).toBe(200);
    expect(nextCalls).toEqual(['GET /d1 identity']);
  });

  it('leaves to Next.js what is not the page itself: router payloads, ranges, other methods and paths', async () => {
    await keepPage();
    await get('/', { rsc: '1' });
    await get('/?_rsc=abc');
    await get('/', { 'next-router-prefetch': '1' });
    await get('/', { range: 'bytes=0-10' });
    await get('/', {}, 'HEAD');
    await get('/interest');
    await get('/d1/');
    expect(nextCalls).toEqual([
      'GET / identity',
      'GET /?_rsc=abc identity',
      'GET / identity',
      'GET / identity',
      'HEAD / identity',
      'GET /interest identity',
      'GET /d1/ identity',
    ]);
  });

  it('answers a burst of first requests for a page with one answer from Next.js', async () => {
    nextAnswer = (req, res) => setTimeout(() => asNextDoes(req, res), 50);
    const burst = await Promise.all(Array.from({ length: 5 }, () => get('/?utm_source=advert')));
    expect(nextCalls).toEqual(['GET /?utm_source=advert identity']);
    for (const answer of burst) expect(answer.body.toString()).toBe(PAGE);
  });

  it('hands the requests that waited to Next.js when the first answer cannot be kept', async () => {
    nextAnswer = (_req, res) =>
      setTimeout(() => res.writeHead(200, { 'Set-Cookie': 'flash=1', 'Content-Type': 'text/html' }).end(PAGE), 50);
    const burst = await Promise.all(Array.from({ length: 3 }, () => get('/')));
    expect(nextCalls).toHaveLength(3);
    for (const answer of burst) expect(answer.body.toString()).toBe(PAGE);
  });

  it('never keeps an answer meant for one visitor or not a success', async () => {
    const answers: Array<(res: ServerResponse) => void> = [
      (res) => res.writeHead(200, { 'Set-Cookie': 'flash=1', 'Content-Type': 'text/html' }).end(PAGE),
      (res) => res.writeHead(200, { 'Cache-Control': 'private, no-store' }).end(PAGE),
      (res) => res.writeHead(500).end('failed'),
      (res) => res.writeHead(200, { 'Content-Encoding': 'zstd' }).end(PAGE),
    ];
    for (const answer of answers) {
      nextAnswer = (_req, res) => answer(res);
      nextCalls = [];
      await get('/');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await get('/');
      expect(nextCalls).toHaveLength(2);
    }
    nextAnswer = asNextDoes;
    await keepPage();
    expect((await get('/')).body.toString()).toBe(PAGE);
    expect(nextCalls).toEqual([]);
  });
});
