import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paintFirst } from './per-request-pages.mjs';

const NONCE = 'bm9uY2UtMTIz';
const SCRIPTS = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js'];
/** A page as Next.js renders it per request: its scripts in <head> with the page's nonce (one with the nonce first). */
const PAGE = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/_next/static/chunks/s.css"/>',
  `<script src="${SCRIPTS[0]}" async="" nonce="${NONCE}"></script>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="${SCRIPTS[1]}"/>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  `</head><body>${'<p>Book a site inspection of District 1</p>'.repeat(100)}`,
  `<script nonce="${NONCE}">self.__next_f.push([1,""])</script>`,
  `<script src="${SCRIPTS[1]}" nonce="${NONCE}" async=""></script></body></html>`,
].join('');

let server: Server;
let base: string;
let nextSaw: string[];
let nextAnswer: (res: ServerResponse) => void;

/** Next.js's answer: headers set, then the page written in pieces (it streams), with writeHead's headers too. */
const pageAnswer =
  (page: string, status = 200) =>
  (res: ServerResponse) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc, Accept-Encoding');
    res.writeHead(status, { 'Content-Security-Policy': `script-src 'self' 'nonce-${NONCE}'` });
    res.write(page.slice(0, 300));
    res.write(Buffer.from(page.slice(300, 900)));
    res.end(page.slice(900));
  };

beforeEach(async () => {
  const moveScripts = paintFirst({ prerendered: (path) => path === '/d1' });
  nextSaw = [];
  nextAnswer = pageAnswer(PAGE);
  server = createServer((req, res) => {
    moveScripts(req, res);
    nextSaw.push(`${req.url} ${req.headers['accept-encoding'] ?? 'identity'}`);
    nextAnswer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ headers: IncomingMessage['headers']; body: Buffer; status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('public pages rendered per request get their scripts after the paint', () => {
  it('takes the scripts out of <head>, adds the loader with the page’s nonce, and compresses the page as the browser prefers', async () => {
    const br = await get('/d1/inspection?utm_source=whatsapp', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/d1/inspection', { 'accept-encoding': 'gzip' });
    const identity = await get('/d1/inspection');
    // Next.js was asked for the page uncompressed: the scripts are moved in the page itself.
    expect(nextSaw).toEqual(['/d1/inspection?utm_source=whatsapp identity', '/d1/inspection identity', '/d1/inspection identity']);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const html = brotliDecompressSync(br.body).toString();
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(identity.body.toString()).toBe(html);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(br.headers['content-security-policy']).toBe(`script-src 'self' 'nonce-${NONCE}'`);

    // No script is asked for from <head>; the legacy browsers' polyfills and the inline payload stay.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script src="[^"]+"[^>]*async/);
    expect(head).not.toContain('rel="preload" as="script"');
    expect(head).toContain('noModule=""');
    expect(html).toContain(`<script nonce="${NONCE}">self.__next_f.push`);
    // The loader, last in <body>, runs under the page's CSP (its nonce) and lists both scripts.
    const loader = /<script nonce="([^"]+)">\((function [\s\S]+?)<\/script><\/body>/.exec(html);
    expect(loader?.[1]).toBe(NONCE);
    for (const src of SCRIPTS) expect(loader?.[2]).toContain(JSON.stringify(src).slice(1, -1));
    expect(html).toContain('<p>Book a site inspection of District 1</p>'.repeat(100));
  });

  it('sends a page whose scripts carry no nonce as Next.js made it, compressed (its CSP could not allow a new inline script)', async () => {
    const withoutNonce = PAGE.replaceAll(` nonce="${NONCE}"`, '');
    nextAnswer = pageAnswer(withoutNonce);
    const answer = await get('/inspection/booking', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(answer.body).toString()).toBe(withoutNonce);
  });

  it('leaves alone what is not a public page rendered per request: prerendered pages, the staff area, router requests, errors', async () => {
    await get('/d1', { 'accept-encoding': 'br' });
    await get('/admin/inspections', { 'accept-encoding': 'br' });
    await get('/registration', { 'accept-encoding': 'br' });
    await get('/d1/inspection', { 'accept-encoding': 'br', rsc: '1' });
    await get('/api/inspections/calendar', { 'accept-encoding': 'br' });
    // Next.js compresses those itself.
    expect(nextSaw.every((line) => line.endsWith(' br'))).toBe(true);

    nextAnswer = pageAnswer(PAGE, 404);
    const missing = await get('/d1/inspection', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe(PAGE);
    expect(Number(missing.headers['content-length'])).toBe(missing.body.length);
  });
});
