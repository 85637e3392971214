import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { SESSION_COOKIE } from '@/lib/constants';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor } from './staff-helpers';

/**
 * Generated hostile requests against every API route (every src/app/api/**\/route.ts, found at run time, so new routes
 * are fuzzed too), public and staff, signed out and signed in: wrong methods and content types, broken encodings,
 * huge and deeply nested JSON, prototype-pollution keys, header abuse (huge and duplicate headers, bad cookies, bad
 * Idempotency-Keys), hostile path parameters. Every answer must be well-formed and never a 5xx: a refusal is a 4xx
 * with `{error: "<sentence>"}`, a browser-posted form may be sent back (303 to a page of the site); requests that no
 * handler may accept (a method the route refuses, a staff request without a live session or from another site, a
 * path parameter that names no record) must be refused. Afterwards the health check passes and no prototype is polluted.
 *
 * FUZZ_RUNS (default 400 per database) and FUZZ_SEED reproduce a run; the seed is printed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Route {
  /** URL path with its dynamic segments, e.g. /api/admin/leads/[id]. */
  path: string;
  handlers: Partial<Record<Method, Handler>>;
  /** Methods with a handler of their own; the others this file exports share one handler that answers 405. */
  served: Method[];
  refused: Method[];
  staff: boolean;
  params: string[];
}

const modules = import.meta.glob<Record<string, unknown>>('/src/app/api/**/route.ts');

async function loadRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const [file, load] of Object.entries(modules)) {
    const path = file.replace(/^\/src\/app/, '').replace(/\/route\.ts$/, '');
    // The health check is the load balancer's; it is what must still answer after the run.
    if (path === '/api/health') continue;
    const routeFile = await load();
    const exported = METHODS.filter((m) => typeof routeFile[m] === 'function');
    const handlers = Object.fromEntries(exported.map((m) => [m, routeFile[m] as Handler]));
    const shared = (m: Method) => exported.filter((other) => routeFile[other] === routeFile[m]).length > 1;
    const served = exported.filter((m) => !shared(m));
    const refused = exported.filter(shared);
    routes.push({
      path,
      handlers,
      served,
      refused,
      staff: path.startsWith('/api/admin/'),
      params: [...path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]),
    });
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

// ---- generators -----------------------------------------------------------------------------------------------------

const HOSTILE_IDS = [
  '..',
  '../..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//etc/passwd',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '..\\..\\boot.ini',
  '%00',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '1; DROP TABLE interest_submissions',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '5f0c2b9e-1c1e-4a51-9d2e-0c6f2b7a9e1',
  '5f0c2b9e-1c1e-4a51-9d2e-0c6f2b7a9e11/../..',
  '5F0C2B9E-1C1E-4A51-9D2E-0C6F2B7A9E11x',
  '%',
  '%%',
  '{}',
  '[]',
  'a'.repeat(10_000),
  '\u202e\u0661\u0662',
  'ﬁ',
  '\ud800',
];
const hostileId = fc.oneof(
  fc.constantFrom(...HOSTILE_IDS),
  fc.uuid(),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const HOSTILE_VALUES = [
  '2026-02-31',
  '9999-99-99',
  '0000-00-00',
  '-1',
  '1e309',
  'x'.repeat(5_000),
  '%zz',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  'eyJjIjoiMCJ9',
  '[]',
  '{}',
  '__proto__',
  ' ',
  'null',
];
const QUERY_KEYS = [
  'from',
  'to',
  'cursor',
  'q',
  'district',
  'status',
  'email',
  'token',
  'next',
  '__proto__',
  'constructor[prototype][polluted]',
  'a[]',
];
const query = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.string({ maxLength: 30 }))), {
    maxLength: 4,
  })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return params.toString();
  });

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const POLLUTION = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}';
/** Bodies that look like what some route wants, with something added (unknown keys, pollution keys). */
const plausible = [
  validLead(),
  { email: 'fuzz@example.com' },
  { email: 'fuzz@example.com', password: 'Fuzz-Passphrase-1234' },
  { status: 'won' },
  { body: 'note' },
  { role: 'owner' },
  { channel: 'webhook' },
  { code: '123456' },
  { token: 'x' },
];

interface Body {
  kind: string;
  contentType: string | null;
  body: string | Uint8Array<ArrayBuffer> | undefined;
  extraHeaders?: [string, string][];
}
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none', contentType: null, body: undefined }),
  fc.object({ maxDepth: 3 }).map((value) => ({ kind: 'random object', contentType: 'application/json', body: JSON.stringify(value) })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'random JSON', contentType: 'application/json', body: JSON.stringify(value) })),
  fc.constantFrom(...plausible).map((value) => ({
    kind: 'plausible + pollution',
    contentType: 'application/json',
    body: `{${POLLUTION},${JSON.stringify(value).slice(1)}`,
  })),
  fc.constantFrom(...plausible).map((value) => ({
    kind: 'plausible + unknown keys',
    contentType: 'application/json',
    body: JSON.stringify({ ...value, admin: true, role: 'owner', id: 1 }),
  })),
  fc
    .integer({ min: 500, max: 7_000 })
    .map((depth) => ({ kind: 'deep arrays', contentType: 'application/json', body: nested(depth, '[', ']') })),
  fc
    .integer({ min: 500, max: 2_500 })
    .map((depth) => ({ kind: 'deep objects', contentType: 'application/json', body: nested(depth, '{"a":', '}') })),
  fc
    .integer({ min: 17_000, max: 400_000 })
    .map((size) => ({ kind: 'huge', contentType: 'application/json', body: `{"email":"${'a'.repeat(size)}@example.com"}` })),
  fc.constant<Body>({ kind: 'pollution only', contentType: 'application/json', body: `{${POLLUTION}}` }),
  fc
    .constantFrom(
      [0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00],
      [0xc0, 0xaf],
      [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
      [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
      [0x80, 0x81, 0x82],
    )
    .map((bytes) => ({ kind: 'bad UTF-8', contentType: 'application/json', body: new Uint8Array(bytes) })),
  fc.constant<Body>({
    kind: 'lone surrogate',
    contentType: 'application/json',
    body: '{"email":"\\ud800@example.com","fullname":"\\udfff"}',
  }),
  fc.constant<Body>({
    kind: 'UTF-16',
    contentType: 'application/json; charset=utf-16',
    body: new Uint8Array(Buffer.from('\ufeff{"email":"a@example.com"}', 'utf16le')),
  }),
  fc.constant<Body>({
    kind: 'gzip',
    contentType: 'application/json',
    body: new Uint8Array(gzipSync('{"email":"a@example.com"}')),
    extraHeaders: [['content-encoding', 'gzip']],
  }),
  fc.string({ maxLength: 200 }).map((text) => ({ kind: 'broken JSON', contentType: 'application/json', body: `{${text}` })),
  fc.string({ maxLength: 200 }).map((text) => ({
    kind: 'form junk',
    contentType: 'application/x-www-form-urlencoded',
    body: `a=1&a=2&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&%zz=%zz&email=${encodeURIComponent(text)}`,
  })),
  fc.constant<Body>({
    kind: 'multipart',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--\r\n',
  }),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/json, text/html',
        'application/jsonx',
        '*/*',
        '',
        'application/json; charset=koi8-r',
      ),
      fc.string({ maxLength: 100 }),
    )
    .map(([contentType, text]) => ({ kind: `content type ${JSON.stringify(contentType)}`, contentType, body: text })),
);

const JWT_LIKE = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoib3duZXIifQ.';
const latin1 = fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?'));
const headerAbuse = fc.array(
  fc.oneof(
    { arbitrary: latin1.map((junk): [string, string] => ['cookie', `${SESSION_COOKIE}=${junk}`]), weight: 1 },
    { arbitrary: latin1.map((junk): [string, string] => ['idempotency-key', junk]), weight: 1 },
    {
      weight: 5,
      arbitrary: fc.constantFrom<[string, string]>(
        ['cookie', `${SESSION_COOKIE}=${JWT_LIKE}`],
        ['cookie', `__Host-${SESSION_COOKIE}=${JWT_LIKE}`],
        ['cookie', `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b; ${SESSION_COOKIE}=`],
        ['cookie', `x=${'c'.repeat(60_000)}`],
        ['cookie', '=;;;==;'],
        ['idempotency-key', ''],
        ['idempotency-key', ' '],
        ['idempotency-key', 'k'.repeat(500)],
        ['idempotency-key', '../../etc/passwd'],
        ['idempotency-key', 'key with spaces'],
        ['idempotency-key', 'ÿÿÿÿÿÿÿÿÿÿ'],
        ['x-forwarded-for', 'not-an-ip, , ::::, 999.999.999.999, [::1]:80, 1.2.3.4%eth0'],
        ['x-forwarded-for', '1.2.3.4, '.repeat(2_000)],
        ['x-forwarded-proto', 'https, javascript'],
        ['x-forwarded-host', 'evil.example'],
        ['content-length', '99999999999'],
        ['content-length', '-1'],
        ['content-length', 'abc'],
        ['accept', 'text/html'],
        ['accept-encoding', 'gzip;q=1'.repeat(500)],
        ['x-huge', 'h'.repeat(100_000)],
        ['content-type', 'application/json'],
        ['host', 'evil.example'],
      ),
    },
  ),
  { maxLength: 3 },
);

type Auth = 'none' | 'garbage' | 'owner' | 'agent';
interface Spec {
  route: Route;
  method: Method;
  params: Record<string, string>;
  query: string;
  auth: Auth;
  crossSite: boolean;
  body: Body;
  headers: [string, string][];
}

function specs(routes: Route[]): fc.Arbitrary<Spec> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      // Mostly a method the route serves, so its handler reads what was sent; now and then one it refuses.
      wrongMethod: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      methodIndex: fc.nat(),
      ids: fc.array(hostileId, { minLength: 2, maxLength: 2 }),
      query,
      auth: fc.constantFrom<Auth>('none', 'garbage', 'owner', 'owner', 'owner', 'agent', 'agent', 'agent'),
      crossSite: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      body,
      headers: headerAbuse,
    })
    .map(({ route, wrongMethod, methodIndex, ids, query, auth, crossSite, body, headers }) => {
      // Only methods a route file exports reach a handler (Next.js answers the others 405 itself); the public routes
      // export their 405 answers too.
      const pool = wrongMethod && route.refused.length > 0 ? route.refused : route.served;
      const method = pool[methodIndex % pool.length];
      return {
        route,
        method,
        params: Object.fromEntries(route.params.map((name, i) => [name, ids[i]])),
        query,
        auth,
        crossSite: route.staff && crossSite,
        body,
        headers,
      };
    });
}

// ---- running one ----------------------------------------------------------------------------------------------------

function build(spec: Spec, cookie: string): Request | undefined {
  // The handler gets the parameter as generated (lone surrogates included); the URL needs well-formed text.
  const path = spec.route.path.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(spec.params[name].toWellFormed()));
  const headers = new Headers();
  try {
    headers.set('host', 'localhost');
    if (cookie) headers.append('cookie', cookie);
    headers.set('sec-fetch-site', spec.crossSite ? 'cross-site' : 'same-origin');
    if (spec.crossSite) headers.set('origin', 'https://evil.example');
    headers.set('x-forwarded-for', '198.51.100.23');
    const withBody = spec.method !== 'GET' && spec.body.body !== undefined;
    if (withBody && spec.body.contentType !== null) headers.set('content-type', spec.body.contentType);
    for (const [name, value] of [...(spec.body.extraHeaders ?? []), ...spec.headers]) headers.append(name, value);
    return new Request(`http://localhost${path}${spec.query ? `?${spec.query}` : ''}`, {
      method: spec.method,
      headers,
      body: withBody ? spec.body.body : undefined,
    });
  } catch {
    // Not a request any HTTP client could send (a header value the Fetch standard forbids).
    return undefined;
  }
}

/** What no handler may accept, whatever else the request carries. */
function mustRefuse(spec: Spec, response: Response): string | undefined {
  if (response.headers.get('allow') && response.status === 405) return undefined;
  if (spec.route.staff && (spec.auth === 'none' || spec.auth === 'garbage')) return 'a staff request without a live session';
  if (spec.crossSite) return 'a staff request from another site';
  if (
    spec.route.params.length > 0 &&
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(Object.values(spec.params)[0])
  )
    return 'a path parameter that is no id';
  return undefined;
}

async function problemsOf(spec: Spec, response: Response): Promise<string[]> {
  const problems: string[] = [];
  const type = response.headers.get('content-type') ?? '';
  if (response.status >= 500) problems.push(`answered ${response.status}`);
  if (response.status >= 400) {
    const data = type.includes('json') ? await response.json().catch(() => undefined) : undefined;
    if (!data || typeof data.error !== 'string' || data.error.trim() === '')
      problems.push(`refusal ${response.status} without a JSON {error} (${type})`);
  } else if (response.status >= 300) {
    const location = response.headers.get('location') ?? '';
    if (response.status !== 303 || !location.startsWith('/') || location.startsWith('//'))
      problems.push(`redirect ${response.status} to ${JSON.stringify(location)}`);
    await response.body?.cancel();
  } else {
    const reason = mustRefuse(spec, response);
    if (reason) problems.push(`accepted ${reason} (${response.status})`);
    await response.body?.cancel();
  }
  return problems;
}

const describe = (spec: Spec) =>
  `${spec.method} ${spec.route.path} params=${JSON.stringify(spec.params).slice(0, 120)} query=${spec.query.slice(0, 80)} auth=${spec.auth} crossSite=${spec.crossSite} body=${spec.body.kind} headers=${JSON.stringify(spec.headers.map(([n, v]) => [n, v.slice(0, 40)]))}`;

describeEachDriver('fuzz: hostile requests to every API route', (ctx) => {
  let routes: Route[] = [];
  const staff: Partial<Record<'owner' | 'agent', Awaited<ReturnType<typeof makeStaff>>>> = {};
  // A session of its own for every request: a fuzzed sign-out or password change ends only that one.
  const cookieFor = async (auth: Auth) => {
    if (auth === 'none') return '';
    if (auth === 'garbage') return `${SESSION_COOKIE}=${JWT_LIKE}`;
    return sessionCookieFor(ctx.handle().db, staff[auth]!);
  };
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      TRUST_PROXY: undefined,
      // Lifted so the bodies get read rather than turned away at the limit (the limits have their own tests).
      RATE_LIMIT_INTEREST: '100000/600',
      RATE_LIMIT_INTEREST_SITE: '100000/60',
      RATE_LIMIT_NEWSLETTER: '100000/600',
      RATE_LIMIT_SIGN_IN: '100000/600',
      MIN_FILL_MS: '0',
    });
    routes = await loadRoutes();
    const db = ctx.handle().db;
    staff.owner = await makeStaff(db, 'owner');
    staff.agent = await makeStaff(db, 'agent');
  });

  it(`answers ${RUNS} generated hostile requests without a 5xx, every refusal a 4xx with {error}`, { timeout: 120_000 }, async () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    // Next.js answers a method a route file does not export with an empty 405; routeMethods() answers it with {error}.
    const incomplete = routes.filter((r) => METHODS.some((m) => !r.handlers[m])).map((r) => r.path);
    expect(
      incomplete,
      'route files must export every method: `export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({...})`',
    ).toEqual([]);
    expect(routes.some((r) => r.staff) && routes.some((r) => !r.staff) && routes.some((r) => r.params.length > 0)).toBe(true);
    const samples = fc.sample(specs(routes), { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    let sent = 0;
    for (const spec of samples) {
      const request = build(spec, await cookieFor(spec.auth));
      if (!request) continue;
      sent++;
      let response: Response;
      try {
        response = await spec.route.handlers[spec.method]!(request, { params: Promise.resolve(spec.params) });
      } catch (error) {
        failures.push(`${describe(spec)}\n    threw ${error instanceof Error ? error.name : typeof error}`);
        continue;
      }
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      for (const problem of await problemsOf(spec, response)) failures.push(`${describe(spec)}\n    ${problem}`);
    }
    const summary = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.info(`[fuzz ${ctx.kind}] ${sent} requests to ${routes.length} routes (seed ${SEED}): ${summary}`);
    expect(failures, `reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(300);
    // Most of what is generated must be refused; the rest are requests a route may accept as they are (a signed-in
    // GET whose only oddity is a header, a sign-out, a valid address with an unknown key that the schema drops).
    const refused = [...byStatus].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);
    expect(refused / sent).toBeGreaterThan(0.75);

    // Nothing reached Object.prototype, and the server still answers its health check.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    const healthy = await health();
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({ ok: true });
  });
});
