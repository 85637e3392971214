// Prerendered pages answered by server.mjs itself (docs/decisions/0016-prerendered-pages-from-memory.md). Plain
// JavaScript: server.mjs runs it in front of Next.js.
//
// A prerendered page is the same bytes for every visitor until the next build, yet Next.js reads it, adds its headers
// and gzips it again on every request. Here the first answer Next.js gives for a page is kept, with its headers, and
// compressed once (brotli and gzip); later requests for that page get it from memory, revalidations a 304.
import { brotliCompressSync, constants, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import Negotiator from 'negotiator';

// Once per page and process: brotli 9 on the main thread, with a window no larger than the page, and gzip at its
// best; quality 11 or the thread pool kept memory for little gain (docs/benchmarks/serving.md).
const compressors = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(
          constants.BROTLI_MAX_WINDOW_BITS,
          Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
        ),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
};
const ENCODINGS = [...Object.keys(compressors), 'identity'];
// What Next.js's own compression may send the first visitor (gzip or deflate), turned back into the page to keep.
const decoders = { identity: (body) => body, gzip: gunzipSync, deflate: inflateSync };

// Set anew on every answer, or describing the body as it was sent rather than as kept.
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);
// Requests Next.js answers with something other than the page's HTML (the router's RSC payloads, parts of a file).
export const NOT_THE_PAGE = ['rsc', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-router-state-tree', 'range'];

/**
 * @param {Map<string, string>} etags the prerendered pages (path to ETag), as `npm run build` lists them
 */
export function prerenderedPages(etags) {
  /** @type {Map<string, {headers: Record<string, string | string[]>, body: Record<string, Buffer>}>} */
  const kept = new Map();
  /** Pages whose first answer Next.js is giving now, with the requests for them that came meanwhile. */
  /** @type {Map<string, Array<{req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, passOn: () => void}>>} */
  const keeping = new Map();

  /** The page a request asks for exactly as prerendered: a plain GET of a listed path (any query), else undefined. */
  function pageOf(req) {
    if (req.method !== 'GET' || NOT_THE_PAGE.some((name) => req.headers[name] !== undefined)) return undefined;
    const [path, query] = (req.url ?? '').split('?', 2);
    if (!etags.has(path) || new URLSearchParams(query).has('_rsc')) return undefined;
    return path;
  }

  /**
   * Answers a page from memory (304 for a held ETag, else the kept page in the best encoding) and calls `passOn`
   * when Next.js must answer. A page's first request goes to Next.js; the others that come before its answer is kept
   * wait for it (a burst of visitors to a new deploy is answered once, not once each).
   */
  function serve(req, res, passOn) {
    const path = pageOf(req);
    if (!path) return passOn();
    const etag = etags.get(path);
    const held = req.headers['if-none-match'];
    if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    const page = kept.get(path);
    if (page) {
      const encoding = new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity';
      const body = page.body[encoding];
      res.writeHead(200, {
        ...page.headers,
        'content-length': body.length,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      });
      res.end(body);
      return;
    }
    const waiting = keeping.get(path);
    if (waiting) {
      waiting.push({ req, res, passOn });
      return;
    }
    keep(path, req, res);
    passOn();
  }

  /** The page's first answer was kept or could not be: the requests that waited for it are answered from memory or by Next.js. */
  function settle(path) {
    const waiting = keeping.get(path) ?? [];
    keeping.delete(path);
    for (const { req, res, passOn } of waiting) {
      if (kept.has(path)) serve(req, res, passOn);
      else passOn();
    }
  }

  /**
   * Lets Next.js answer this request (compressed as the visitor asked, so the first visitor after a start
   * gets it compressed too) and keeps what it sent, when it is the page as anyone would get it.
   */
  function keep(path, req, res) {
    keeping.set(path, []);
    const chunks = [];
    const record = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
    };
    // Next.js may pass headers to writeHead() alone, which getHeaders() does not report then.
    let passed = {};
    const { writeHead, write, end } = res;
    res.writeHead = function (status, ...rest) {
      const headers = rest.find((arg) => arg && typeof arg === 'object');
      if (headers)
        passed = Array.isArray(headers)
          ? undefined
          : Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      return writeHead.call(this, status, ...rest);
    };
    res.write = function (chunk, ...rest) {
      record(chunk, rest[0]);
      return write.call(this, chunk, ...rest);
    };
    res.end = function (chunk, ...rest) {
      record(chunk, rest[0]);
      return end.call(this, chunk, ...rest);
    };
    res.once('close', () => {
      const headers = passed && { ...res.getHeaders(), ...passed };
      const encoding = String(headers?.['content-encoding'] ?? 'identity');
      const decode = headers && Object.hasOwn(decoders, encoding) ? decoders[encoding] : undefined;
      const cacheable =
        decode &&
        res.writableFinished &&
        res.statusCode === 200 &&
        headers['set-cookie'] === undefined &&
        !/no-store|private/.test(String(headers['cache-control'] ?? ''));
      if (!cacheable) return settle(path);
      // After this answer has gone out; a failure leaves the page to Next.js, and its next request tries again.
      setImmediate(() => {
        try {
          const identity = decode(Buffer.concat(chunks));
          const body = {
            identity,
            ...Object.fromEntries(Object.entries(compressors).map(([name, compress]) => [name, compress(identity)])),
          };
          kept.set(path, { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name))), body });
        } catch (error) {
          console.error(
            `[server] ${path} is left to Next.js: it could not be kept (${error instanceof Error ? error.name : typeof error})`,
          );
        } finally {
          settle(path);
        }
      });
    });
  }

  return { serve };
}
