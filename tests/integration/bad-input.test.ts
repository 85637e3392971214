import { expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST as postInterest } from '@/app/api/interest/route';
import { POST as postNewsletter } from '@/app/api/newsletter/route';
import { countLeads } from '@/modules/leads/submissions.repository.server';
import { describeEachDriver, freshClient, newKey, setEnv, validLead } from './helpers';

/**
 * Table of hostile and broken requests: every one must be refused with a 4xx and an `error` sentence, nothing may
 * be stored, and the server must stay healthy afterwards.
 */

type Route = 'interest' | 'newsletter';
interface Case {
  name: string;
  route: Route;
  /** Raw body (string or bytes) or a value to JSON-encode. */
  body?: unknown;
  raw?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  contentType?: string | null;
  headers?: Record<string, string>;
  status: number | number[];
}

const FIELDS = ['title', 'fullname', 'email', 'phonenumber', 'district'] as const;
const lead = validLead;
const cases: Case[] = [];
const bad = (name: string, body: unknown, status: number | number[] = 400, route: Route = 'interest') =>
  cases.push({ name, route, body, status });

// Missing, null and wrongly typed fields.
for (const field of FIELDS) {
  const without: Record<string, unknown> = lead();
  delete without[field];
  bad(`missing ${field}`, without);
  bad(`${field} null`, lead({ [field]: null }));
  bad(`${field} number`, lead({ [field]: 42 }));
  bad(`${field} boolean`, lead({ [field]: true }));
  bad(`${field} array`, lead({ [field]: ['Mr'] }));
  bad(`${field} object`, lead({ [field]: { value: 'x' } }));
  bad(`${field} empty`, lead({ [field]: '' }));
}
bad('empty object', {});
bad('only unknown fields', { name: 'x', mail: 'y' });

// Extra fields (the schema is strict).
bad('extra field admin', lead({ admin: true }));
bad('extra field status', lead({ status: 'won' }));
bad('extra field spam', lead({ spam: false }));
bad('extra field id', lead({ id: '00000000-0000-0000-0000-000000000000' }));
cases.push({
  name: '__proto__ key',
  route: 'interest',
  raw: JSON.stringify(lead()).replace(/^\{/, '{"__proto__":{"admin":true},'),
  status: 400,
});
bad('constructor key', lead({ constructor: { prototype: {} } }));

// Values outside the allowed sets.
for (const title of ['mr', 'Dr', ' Mr', 'Mr.', 'MRS', "Mr' OR '1'='1", '<script>alert(1)</script>'])
  bad(`title ${JSON.stringify(title)}`, lead({ title }));
for (const district of [
  'Lugbe',
  'lugbe, abuja',
  'District 1',
  "Lugbe, Abuja'; DROP TABLE interest_submissions;--",
  '<img src=x onerror=alert(1)>',
])
  bad(`district ${JSON.stringify(district)}`, lead({ district }));

// Lengths.
bad('fullname one letter', lead({ fullname: 'A' }));
bad('fullname only spaces', lead({ fullname: '     ' }));
bad('fullname 121 characters', lead({ fullname: 'A'.repeat(121) }));
bad('fullname 5000 characters', lead({ fullname: 'Ab '.repeat(1700) }));
bad('email 300 characters', lead({ email: `${'a'.repeat(290)}@example.com` }));
bad('phone 25 digits', lead({ phonenumber: '1'.repeat(25) }));
bad('utm_source 301 characters', lead({ utm_source: 'u'.repeat(301) }));
bad('utm_campaign 1000 characters', lead({ utm_campaign: 'c'.repeat(1000) }));
bad('referrer 501 characters', lead({ referrer: `https://example.com/${'r'.repeat(490)}` }));
bad('landing_path 501 characters', lead({ landing_path: `/${'p'.repeat(500)}` }));
bad('website 501 characters', lead({ website: 'w'.repeat(501) }));

// Control characters and unicode that is not a phone number or e-mail.
for (const [label, ch] of [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['newline', '\n'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['tab', '\t'],
] as const)
  bad(`fullname with ${label}`, lead({ fullname: `Ada${ch}Okafor` }));
bad('utm_source with NUL', lead({ utm_source: 'goo\u0000gle' }));
bad('referrer with newline', lead({ referrer: 'https://x.example/\r\nSet-Cookie: a=b' }));
bad('phone in Arabic-Indic digits', lead({ phonenumber: '٠٨٠٣١٢٣٤٥٦٧' }));
bad('phone of emoji', lead({ phonenumber: '📞📞📞📞📞📞📞📞' }));
bad('phone letters', lead({ phonenumber: 'call me maybe' }));
bad('phone too short', lead({ phonenumber: '12345' }));
bad('phone only punctuation', lead({ phonenumber: '+() -- .. ()' }));
bad('phone with SQL', lead({ phonenumber: "0803'; DROP TABLE interest_submissions;--" }));
bad('phone with script', lead({ phonenumber: '<script>alert(1)</script>' }));
for (const email of [
  'no-at-sign',
  'a@',
  '@example.com',
  'a b@example.com',
  'ade@exa mple.com',
  "x'; DROP TABLE interest_submissions;--@x.com",
  '<script>@x.com',
  'a@b@c.com',
  'ade\u0000@example.com',
  'ádé@例え',
])
  bad(`email ${JSON.stringify(email)}`, lead({ email }));

// Anti-spam fields of the wrong type.
bad('form_started_at string', lead({ form_started_at: '1700000000000' }));
bad('form_started_at negative', lead({ form_started_at: -5 }));
bad('form_started_at fraction', lead({ form_started_at: 1.5 }));
cases.push({
  name: 'form_started_at 1e400 (Infinity)',
  route: 'interest',
  raw: JSON.stringify(lead()).replace(/\}$/, ',"form_started_at":1e400}'),
  status: 400,
});
bad('website number', lead({ website: 1 }));

// Not an object.
for (const body of [[], [lead()], 'a string', 42, null, true]) bad(`body ${JSON.stringify(body)?.slice(0, 20)}`, body);

// Broken JSON and bytes.
const broken: [string, string | Uint8Array][] = [
  ['unterminated object', '{'],
  ['unterminated string', '{"title":"Mr'],
  ['single quotes', "{'title':'Mr'}"],
  ['trailing comma', '{"title":"Mr",}'],
  ['empty body', ''],
  ['the word undefined', 'undefined'],
  ['NaN literal', '{"form_started_at":NaN}'],
  ['comment', '/* hi */ {"title":"Mr"}'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['form-encoded body sent as JSON', 'title=Mr&fullname=Ada'],
  ['XML sent as JSON', '<lead><title>Mr</title></lead>'],
];
broken.push(['5,000 nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`]);
broken.push(['2,500 nested objects', `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}`]);
for (const [name, raw] of broken) cases.push({ name: `broken JSON: ${name}`, route: 'interest', raw, status: 400 });

// Wrong content types (415), whatever the body. (A browser-posted urlencoded form is accepted: see forms-without-scripts.)
const json = JSON.stringify(lead());
for (const contentType of [
  null,
  'text/plain',
  'multipart/form-data; boundary=x',
  'text/html',
  'application/xml',
  'application/jsonp',
  'json',
  'text/json',
])
  cases.push({ name: `content type ${contentType}`, route: 'interest', raw: json, contentType, status: 415 });

// Oversized bodies (413), declared or not.
cases.push({ name: '17 KB JSON body', route: 'interest', raw: JSON.stringify(lead({ utm_term: 'x'.repeat(17 * 1024) })), status: 413 });
cases.push({ name: '1 MB JSON body', route: 'interest', raw: JSON.stringify({ junk: 'x'.repeat(1024 * 1024) }), status: 413 });
cases.push({ name: '64 KB of whitespace around valid JSON', route: 'interest', raw: `${' '.repeat(64 * 1024)}${json}`, status: 413 });
cases.push({
  name: 'streamed 40 KB body without Content-Length',
  route: 'interest',
  raw: () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    }),
  status: 413,
});

// Bad Idempotency-Key headers.
for (const key of ['short', 'has spaces in it', 'k'.repeat(129), 'cl\u00e9-latin1-key', "key';--drop"])
  cases.push({
    name: `Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`,
    route: 'interest',
    body: lead(),
    headers: { 'Idempotency-Key': key },
    status: 400,
  });

// Newsletter.
const nl = (name: string, body: unknown, status: number | number[] = 400) => bad(`newsletter: ${name}`, body, status, 'newsletter');
nl('missing email', {});
nl('email null', { email: null });
nl('email number', { email: 7 });
nl('email array', { email: ['a@example.com'] });
nl('email object', { email: { address: 'a@example.com' } });
nl('email empty', { email: '' });
nl('email spaces', { email: '    ' });
nl('email without @', { email: 'reader.example.com' });
nl('email 300 characters', { email: `${'a'.repeat(290)}@example.com` });
nl('email SQL', { email: "' OR 1=1;--" });
nl('email script', { email: '<script>alert(1)</script>' });
nl('email control character', { email: 'a\u0007@example.com' });
nl('extra field', { email: 'a@example.com', list: 'vip' });
nl('website number', { email: 'a@example.com', website: 3 });
nl('website too long', { email: 'a@example.com', website: 'w'.repeat(501) });
nl('body array', [{ email: 'a@example.com' }]);
nl('body string', 'a@example.com');
nl('body null', null);
for (const [name, raw] of broken.slice(0, 5))
  cases.push({ name: `newsletter: broken JSON: ${name}`, route: 'newsletter', raw, status: 400 });
for (const contentType of [null, 'text/plain'])
  cases.push({
    name: `newsletter: content type ${contentType}`,
    route: 'newsletter',
    raw: '{"email":"a@example.com"}',
    contentType,
    status: 415,
  });
cases.push({
  name: 'newsletter: 20 KB body',
  route: 'newsletter',
  raw: JSON.stringify({ email: 'a@example.com', website: 'x'.repeat(20 * 1024) }),
  status: 413,
});

function toRequest(c: Case): Request {
  const headers: Record<string, string> = { ...freshClient(), ...c.headers };
  if (c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
  const body = typeof c.raw === 'function' ? c.raw() : c.raw !== undefined ? c.raw : JSON.stringify(c.body);
  return new Request(`http://localhost/api/${c.route}`, {
    method: 'POST',
    headers,
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

it('has at least 100 cases', () => {
  expect(cases.length).toBeGreaterThanOrEqual(100);
});

describeEachDriver('bad input', (ctx) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s → 4xx {error}', async (_name, c) => {
    setEnv({ RATE_LIMIT_INTEREST: '5/600', RATE_LIMIT_NEWSLETTER: '5/600' });
    const handler = c.route === 'interest' ? postInterest : postNewsletter;
    const before = c.route === 'interest' ? await countLeads(ctx.handle().db) : 0;
    const res = await handler(toRequest(c));
    const expected = Array.isArray(c.status) ? c.status : [c.status];
    expect(expected).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual(expect.any(String));
    expect(body.error.length).toBeGreaterThan(10);
    expect(body.error).toMatch(/^[A-Z].*[.!]$/); // a sentence, not a stack trace or a Zod dump
    expect(body.error).not.toMatch(/zod|invalid_type|undefined|expected|stack|SQL|syntax/i);
    if (c.route === 'interest') expect(await countLeads(ctx.handle().db)).toBe(before);
  });

  it('never answers 5xx to a lone UTF-16 surrogate (stored as U+FFFD)', async () => {
    const raw = JSON.stringify(lead()).replace('"Adaeze Okafor"', '"Ada \\ud800 Okafor"');
    const res = await postInterest(
      new Request('http://localhost/api/interest', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...freshClient() },
        body: raw,
      }),
    );
    expect(res.status).toBe(201);
  });

  it('stays healthy and keeps accepting good submissions afterwards', async () => {
    expect((await health()).status).toBe(200);
    const res = await postInterest(
      new Request('http://localhost/api/interest', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': newKey(), ...freshClient() },
        body: JSON.stringify(lead()),
      }),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    ['SQL in the name', { fullname: "Robert'); DROP TABLE interest_submissions;--" }],
    ['script in the name', { fullname: '<script>alert("x")</script>' }],
    ['Yoruba name with diacritics', { fullname: 'Adébáyọ̀ Ògúnlésì' }],
    ['SQL in attribution', { utm_campaign: "' OR 1=1;--", referrer: 'https://evil.example/?q=<script>' }],
    // Format and bidirectional characters are dropped from a name (docs/decisions/0404): what staff read is what was meant.
    ['right-to-left override and zero-width joiner in the name', { fullname: 'Ada\u202eOkafor\u200d' }, 'AdaOkafor'],
    ['emoji in the name', { fullname: 'Ada 🏡 Okafor' }],
  ])('stores hostile but valid text: %s', async (_name, overrides, storedName?: string) => {
    const res = await postInterest(
      new Request('http://localhost/api/interest', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...freshClient() },
        body: JSON.stringify(lead(overrides)),
      }),
    );
    expect(res.status).toBe(201);
    const { getLead } = await import('@/modules/leads/submissions.repository.server');
    const row = await getLead(ctx.handle().db, (await res.json()).id);
    const o = overrides as Record<string, string>;
    if (o.fullname) expect(row?.fullName).toBe(storedName ?? o.fullname);
    if (o.utm_campaign) expect(row?.utmCampaign).toBe(o.utm_campaign);
    expect(await countLeads(ctx.handle().db)).toBeGreaterThan(0);
  });
});
