// Public pages rendered per request (a district's booking page, a booking's own page, the form pages) get what the
// build gives prerendered pages (defer-scripts.mjs): their scripts asked for at the largest paint and run after it,
// and what a visitor does before they run kept. Next.js streams such a page with its scripts in <head>, where on a
// slow phone network they share the first round trips with the stylesheet and hold back the largest paint
// (docs/decisions/0393-pages-rendered-per-request-paint-first.md).
//
// Next.js is asked for the page uncompressed, the whole page is kept (these pages await their data before any of
// their HTML, so nothing streamed earlier is lost), its scripts are moved, and the page is compressed for the visitor
// here. The loader carries the nonce Next.js gave the page's own scripts (src/proxy.ts's policy allows it); a page
// whose scripts carry none is sent as it is. PAGES_PAINT_FIRST=off (src/lib/env-schema.ts) turns this off.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { deferScripts } from './defer-scripts.mjs';
import { isPageRequest } from './visits.mjs';

const ENCODINGS = ['br', 'gzip', 'identity'];
// Per request, on the main thread: brotli at a middle quality (quality 9 took ten times as long for 3 % fewer bytes;
// docs/benchmarks/0393-booking-page.md), gzip at its default.
const compress = {
  br: (body) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body),
  identity: (body) => body,
};

/**
 * @param {{ prerendered: (path: string) => boolean }} pages the paths answered as built (their scripts were moved then)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} called just
 *   before Next.js gets the request; it changes nothing for any other request
 */
export function paintFirst({ prerendered }) {
  return (req, res) => {
    if (!isPageRequest(req) || prerendered(req.url.split('?', 1)[0])) return;
    const encoding = new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity';
    // Next.js would compress it as the visitor asked; it is compressed once the scripts are moved.
    delete req.headers['accept-encoding'];
    holdUntilEnd(res, (body) => {
      const type = String(res.getHeader('content-type') ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/html')) return body;
      const page = body.toString('utf8');
      const encoded = compress[encoding](Buffer.from(withLoaderNonce(page) ?? page, 'utf8'));
      if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
      return encoded;
    });
  };
}

const SCRIPT_NONCE = /<script src="[^"]+"[^>]* nonce="([^"]+)"[^>]*><\/script>/;

/** The page with its scripts deferred and the loader given their nonce; undefined when its scripts carry no nonce. */
export function withLoaderNonce(html) {
  const nonce = SCRIPT_NONCE.exec(html)?.[1];
  if (!nonce) return undefined;
  return deferScripts(html, nonce);
}

/**
 * Keeps everything Next.js writes to `res` until it ends, then sends `finish(body)` with its length. Headers Next.js
 * passes to writeHead are set on the response, so `finish` can read and change them.
 */
function holdUntilEnd(res, finish) {
  const { writeHead, end } = res;
  const chunks = [];
  const record = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
  };
  res.writeHead = function (status, ...rest) {
    this.statusCode = status;
    if (typeof rest[0] === 'string') this.statusMessage = rest.shift();
    const headers = rest[0];
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return this;
  };
  res.flushHeaders = () => {};
  res.write = function (chunk, encoding, callback) {
    record(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    record(chunk, encoding);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    let body = Buffer.concat(chunks);
    try {
      body = finish(body);
    } catch (error) {
      // The page as Next.js made it (uncompressed) rather than no page.
      console.error(`[server] a page's scripts could not be moved (${error instanceof Error ? error.name : typeof error})`);
      this.removeHeader('content-encoding');
    }
    this.removeHeader('transfer-encoding');
    if (!this.headersSent) this.setHeader('content-length', body.length);
    writeHead.call(this, this.statusCode);
    return end.call(this, body, done);
  };
}
