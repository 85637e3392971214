#!/usr/bin/env node
// Production rehearsal (npm run test:production): an upgrade, done as deploy/README.md tells an owner to do it, while
// visitors browse and submit leads, must cost them nothing.
//
// Caddy runs deploy/Caddyfile (its internal CA, its state in a temporary directory) in front of two instances of the
// production server (TRUST_PROXY=1) on one fresh PostgreSQL database, with a real SMTP peer and webhook receiver.
// REHEARSAL_VISITORS (10) visitors browse /, /d1 and /d2 through HTTPS (each page with its stylesheet and scripts, as
// a browser without a cache would fetch them) and submit leads with an Idempotency-Key, sending a failed one again
// with the same key as the site's own browser queue does, for REHEARSAL_SECONDS (90). Meanwhile the next release is
// built in a directory of its own, as on a server: its sources, the same node_modules (hard links: what `npm install`
// of the same lockfile gives), the previous release's .next/cache, then a real `npm run build`. Then the rolling
// restart: SIGTERM instance A, start it from the new release, wait for its /api/health and for Caddy's health check
// to see it, then the same for B.
//
// Targets: no request failed as a visitor saw it, every answered lead stored exactly once under the id it was
// answered with, each of its three messages (sales e-mail, receipt, webhook) delivered exactly once. The instances run
// with their release directory read-only, as the systemd unit runs them. Prints a table; exits 1 when a target is missed.
// Needs PostgreSQL (TEST_DATABASE_URL, required in CI) and Caddy (`apt-get install -y caddy`, required in CI).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startSmtpPeer, startWebhookReceiver } from '../tests/support/peers.ts';
import {
  atNice,
  buildIfStale,
  deliveriesByLead,
  exited,
  freePort,
  freshDatabase,
  leadBody,
  peerEnv,
  root,
  staffInstanceNice,
  waitHealthy,
  withPostgres,
} from './lib/harness.mjs';

const SECONDS = Number(process.env.REHEARSAL_SECONDS ?? 90);
const VISITORS = Number(process.env.REHEARSAL_VISITORS ?? 10);
const PAGES = ['/', '/d1', '/d2'];
const LEAD_SHARE = 0.4; // of visits that end with a submitted form
// deploy/Caddyfile checks health every 2 s: after an instance answers its own /api/health, the owner waits this long
// before stopping the other one (deploy/README.md), so that Caddy has seen it come back.
const CADDY_SEES_HEALTH_MS = 3_000;
const DELIVERY_DEADLINE_MS = 60_000;

const log = (...args) => console.log('[rehearsal]', ...args);
const startedAt = Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;

// ---- what is needed ------------------------------------------------------------------------------------------

if (spawnSync('caddy', ['version']).error) {
  log(
    `caddy is not installed (Debian: apt-get install -y caddy): ${process.env.CI ? 'it is required in CI.' : 'the rehearsal is skipped.'}`,
  );
  process.exit(process.env.CI ? 1 : 0);
}
if (!withPostgres(log)) {
  log('the rehearsal runs on PostgreSQL only: skipped.');
  process.exit(0);
}
await buildIfStale(log);

// ---- the pieces ----------------------------------------------------------------------------------------------

// The unit's ProtectSystem=strict makes the release directory read-only; here a private mount namespace does the same
// for each instance, where the machine allows it (root; an unprivileged container may refuse `unshare -m`).
const READ_ONLY = ['-m', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && cd "$0" && exec "$@"'];
const readOnlyWorks = spawnSync('unshare', [...READ_ONLY, root, 'true']).status === 0;

/**
 * One instance as the systemd unit starts it (deploy/districts@.service): `node server.mjs` in its release directory,
 * on 127.0.0.1:PORT, draining for 5 s on SIGTERM (deploy/districts.env.example), at the CPU priority its drop-in gives
 * it (`nice`: the staff's instance B). The per-client and site-wide lead limits are lifted: every visitor here has the
 * same address.
 */
function startInstance(dir, port, env, logFile, nice) {
  const out = openSync(logFile, 'a');
  const node = atNice(nice, [process.execPath, 'server.mjs']);
  const [command, args] = readOnlyWorks ? ['unshare', [...READ_ONLY, dir, ...node]] : [node[0], node.slice(1)];
  return spawn(command, args, {
    cwd: dir,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SESSION_SECRET: 'production-rehearsal-session-secret-0123456789',
      SECRETS_KEY: 'production-rehearsal-secrets-key-0123456789',
      BACKUP_KEY: 'production-rehearsal-backup-key-0123456789',
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_SECONDS: '5',
      RATE_LIMIT_INTEREST: '1000000/600',
      RATE_LIMIT_INTEREST_SITE: '1000000/60',
      TEST_DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
}

/** Caddy on deploy/Caddyfile, its certificates and autosaved config in `dir`; resolves to its root certificate. */
async function startCaddy(dir, httpsPort, upstreams, logFile) {
  mkdirSync(dir, { recursive: true });
  const caddyfile = path.join(dir, 'Caddyfile');
  // deploy/Caddyfile with global options a real server does not need: other ports, no admin endpoint, the internal
  // CA instead of Let's Encrypt, and nothing installed into the machine's trust store.
  const deployed = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
  const options = ['admin off', `http_port ${freePort()}`, `https_port ${httpsPort}`, 'local_certs', 'skip_install_trust'];
  const config = deployed.replace(/^\{$/m, `{\n${options.map((option) => `\t${option}`).join('\n')}`);
  if (config === deployed) throw new Error('deploy/Caddyfile has no global options block to add the rehearsal options to');
  writeFileSync(caddyfile, config);
  const out = openSync(logFile, 'a');
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      SITE_DOMAIN: 'localhost',
      UPSTREAM_A: upstreams[0],
      UPSTREAM_B: upstreams[1],
    },
  });
  const rootCert = path.join(dir, 'data/caddy/pki/authorities/local/root.crt');
  for (const start = Date.now(); Date.now() - start < 30_000; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}; see ${logFile}`);
    if (!existsSync(rootCert)) continue;
    const ca = readFileSync(rootCert);
    const res = await fetchVia(new Agent({ ca }), httpsPort, 'GET', '/api/health').catch(() => undefined);
    if (res?.status === 200) return { child, ca };
  }
  throw new Error(`caddy did not answer through HTTPS within 30 s; see ${logFile}`);
}

/** One HTTPS request as a browser sends it (compressed answers welcome); resolves to {status, headers, body (when `decode`)}. */
function fetchVia(agent, port, method, pathname, { headers = {}, body, decode = true } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: 'localhost', port, method, path: pathname, agent, timeout: 30_000, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          if (!decode) return resolve({ status: res.statusCode, headers: res.headers });
          let raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          if (encoding === 'br') raw = brotliDecompressSync(raw);
          else if (encoding === 'gzip') raw = gunzipSync(raw);
          resolve({ status: res.statusCode, headers: res.headers, body: raw.toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The next release's directory, made as on a server: the sources a release tarball holds (tracked files and new ones
 * git does not ignore), node_modules as `npm install` of the same lockfile gives it (hard links), the previous
 * release's build cache, then `npm run build`. Resolves when the build is done.
 */
async function buildRelease(dir, logFile) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (existsSync(from) && statSync(from).isFile()) cpSync(from, path.join(dir, file));
  }
  const linked = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  if (linked.status !== 0) cpSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true });
  if (existsSync(path.join(root, '.next/cache')))
    cpSync(path.join(root, '.next/cache'), path.join(dir, '.next/cache'), { recursive: true });
  const out = openSync(logFile, 'a');
  const build = spawn('npm', ['run', 'build'], {
    cwd: dir,
    stdio: ['ignore', out, out],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const code = await new Promise((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run build of the new release failed (exit ${code}); see ${logFile}`);
}

// ---- the run -------------------------------------------------------------------------------------------------

const database = await freshDatabase('postgres', 'rehearsal');
const { runId, work } = database;
const smtp = await startSmtpPeer();
const hooks = await startWebhookReceiver();
const logs = { servers: path.join(work, 'servers.log'), caddy: path.join(work, 'caddy.log'), build: path.join(work, 'build.log') };
const release2 = path.join(work, 'release-2');
// The unit's WorkingDirectory: a symlink to the current release, switched during the upgrade.
const current = path.join(work, 'current');
const switchTo = (release) => {
  symlinkSync(release, `${current}.new`);
  renameSync(`${current}.new`, current);
};
const instances = [
  { name: 'A', port: freePort() },
  // The staff's instance, yielding the CPU to A as its systemd drop-in says (docs/decisions/0453).
  { name: 'B', port: freePort(), nice: staffInstanceNice() },
];
const httpsPort = freePort();
const instanceEnv = { ...database.env, ...peerEnv(smtp, hooks), SITE_URL: `https://localhost:${httpsPort}` };
let caddy;

const requests = []; // {kind, method, path, at, ms, ok, outcome}
const answered = new Map(); // idempotency key -> {id, email}
const unanswered = new Set();
const restart = { start: 0, end: 0, steps: [] };
let trafficEndsAt = Infinity; // set once the upgrade is done
let failure;

/** Times one request; a failure is what the visitor saw (a status other than `expected`, or no answer). */
async function timed(agent, kind, method, pathname, expected, options) {
  const at = Date.now();
  try {
    const res = await fetchVia(agent, httpsPort, method, pathname, options);
    const ok = expected.includes(res.status);
    requests.push({ kind, method, path: pathname, at, ms: Date.now() - at, ok, outcome: String(res.status) });
    return ok ? res : undefined;
  } catch (error) {
    requests.push({ kind, method, path: pathname, at, ms: Date.now() - at, ok: false, outcome: error.code ?? error.message });
    return undefined;
  }
}

const assetsOf = (html) => [...new Set(html.match(/\/_next\/static\/[\w\-./]+\.(?:js|css)/g) ?? [])];

/** A lead sent until it is answered, with the same key, as the browser's queue resends it (src/modules/leads/form). */
async function submitLead(agent, n) {
  const key = `rehearsal-${runId}-${n}`;
  const body = leadBody(runId, n, 'Rehearsal');
  unanswered.add(key);
  while (Date.now() < trafficEndsAt + 60_000) {
    const res = await timed(agent, 'lead', 'POST', '/api/interest', [200, 201], {
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const id = res && JSON.parse(res.body).id;
    if (id) {
      const earlier = answered.get(key);
      if (earlier && earlier.id !== id) throw new Error(`key ${key} was answered with two ids: ${earlier.id} and ${id}`);
      answered.set(key, { id, email: body.email });
      unanswered.delete(key);
      return;
    }
    await sleep(1_000);
  }
}

/** A visitor: visits of one to three pages (a visit's stylesheet and scripts fetched once), some ending in a lead. */
let leadsStarted = 0;
async function visitor() {
  while (Date.now() < trafficEndsAt) {
    const agent = new Agent({ ca: caddy.ca, keepAlive: true, maxSockets: 6 });
    const cached = new Set();
    const views = 1 + Math.floor(Math.random() * 3);
    for (let i = 0; i < views && Date.now() < trafficEndsAt; i++) {
      const page = await timed(agent, 'page', 'GET', PAGES[Math.floor(Math.random() * PAGES.length)], [200]);
      const assets = page ? assetsOf(page.body).filter((asset) => !cached.has(asset)) : [];
      await Promise.all(assets.map((asset) => (cached.add(asset), timed(agent, 'asset', 'GET', asset, [200], { decode: false }))));
      await sleep(300 + Math.random() * 700);
    }
    if (Date.now() < trafficEndsAt && Math.random() < LEAD_SHARE) await submitLead(agent, leadsStarted++);
    agent.destroy();
  }
}

/**
 * The upgrade, one instance at a time, as deploy/README.md says: stop A, switch the `current` link, start A, wait for
 * its health and for Caddy to see it, then restart B.
 */
async function rollingRestart() {
  restart.start = Date.now();
  for (const instance of instances) {
    const t0 = Date.now();
    instance.child.kill('SIGTERM');
    await exited(instance.child);
    const stoppedMs = Date.now() - t0;
    if (instance.child.exitCode !== 143) throw new Error(`instance ${instance.name} exited with ${instance.child.exitCode} on SIGTERM`);
    if (instance === instances[0]) switchTo(release2);
    instance.child = startInstance(current, instance.port, instanceEnv, logs.servers, instance.nice);
    const healthyMs = await waitHealthy(`http://127.0.0.1:${instance.port}`, instance.child);
    await sleep(CADDY_SEES_HEALTH_MS);
    restart.steps.push({ name: instance.name, stoppedMs, healthyMs });
    log(`instance ${instance.name}: stopped in ${stoppedMs} ms, healthy on the new release after ${healthyMs} ms`);
  }
  restart.end = Date.now();
}

try {
  switchTo(root); // release 1: the repository's own build
  for (const instance of instances) {
    instance.child = startInstance(current, instance.port, instanceEnv, logs.servers, instance.nice);
    await waitHealthy(`http://127.0.0.1:${instance.port}`, instance.child);
  }
  caddy = await startCaddy(
    path.join(work, 'caddy'),
    httpsPort,
    instances.map((i) => `127.0.0.1:${i.port}`),
    logs.caddy,
  );
  log(`Caddy on https://localhost:${httpsPort} in front of ${instances.map((i) => `${i.name} :${i.port}`).join(', ')}`);

  const trafficStart = Date.now();
  const visitors = Array.from({ length: VISITORS }, visitor);
  const upgrade = (async () => {
    mkdirSync(release2, { recursive: true });
    await buildRelease(release2, logs.build);
    log(`new release built in ${seconds(Date.now() - trafficStart)} s while visitors browsed`);
    await rollingRestart();
    // Visitors keep coming for REHEARSAL_SECONDS, and at least 10 s after the last instance is back.
    trafficEndsAt = Math.max(trafficStart + SECONDS * 1000, Date.now() + 10_000);
  })();
  await Promise.all([upgrade, ...visitors]);
  log(`traffic ran ${seconds(Date.now() - trafficStart)} s; ${unanswered.size} leads unanswered`);

  // Every answered lead's three messages (pg-boss on the shared database; either instance may send them).
  const leadList = () => [...answered.values()];
  const undelivered = () => {
    const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
    return leadList().filter((l) => !byLead.get(l.id)?.sales.length || !byLead.get(l.id)?.webhooks.length || !receiptTo.has(l.email))
      .length;
  };
  const waitStart = Date.now();
  while (undelivered() > 0 && Date.now() - waitStart < DELIVERY_DEADLINE_MS) await sleep(250);
  await sleep(3_000); // a message sent twice would show by now

  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => exited(i.child)));
  caddy.child.kill('SIGTERM');
  await exited(caddy.child);

  // ---- the result ----------------------------------------------------------------------------------------------

  const rows = await database.query('select id, idempotency_key from interest_submissions');
  const byKey = new Map();
  for (const row of rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row.id]);
  let lost = 0;
  let duplicated = 0;
  for (const [key, lead] of answered) {
    const ids = byKey.get(key) ?? [];
    if (!ids.includes(lead.id)) lost++;
    duplicated += Math.max(0, ids.length - 1);
  }
  duplicated += rows.filter((row) => !answered.has(row.idempotency_key)).length;

  const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
  const channels = { 'sales e-mail': [0, 0], receipt: [0, 0], webhook: [0, 0] }; // [missing, extra]
  for (const lead of leadList()) {
    const got = byLead.get(lead.id);
    const counts = {
      'sales e-mail': got?.sales.length ?? 0,
      receipt: receiptTo.get(lead.email)?.length ?? 0,
      webhook: got?.webhooks.length ?? 0,
    };
    for (const [channel, n] of Object.entries(counts)) {
      if (n === 0) channels[channel][0]++;
      channels[channel][1] += Math.max(0, n - 1);
    }
  }

  const failed = requests.filter((r) => !r.ok);
  const during = requests.filter((r) => r.at + r.ms >= restart.start && r.at <= restart.end);
  const slowest = during.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0 });
  const slowestOverall = requests.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0 });
  const sorted = requests.map((r) => r.ms).sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const count = (kind) => requests.filter((r) => r.kind === kind).length;

  const table = [
    ['requests (pages / assets / lead posts)', `${requests.length} (${count('page')} / ${count('asset')} / ${count('lead')})`, '', true],
    ['failed requests seen by visitors', String(failed.length), '0', failed.length === 0],
    ['leads answered / stored', `${answered.size} / ${rows.length}`, 'equal', answered.size === rows.length && unanswered.size === 0],
    ['leads lost / duplicated', `${lost} / ${duplicated}`, '0 / 0', lost === 0 && duplicated === 0],
    ...Object.entries(channels).map(([channel, [missing, extra]]) => [
      `${channel}: delivered once / missing / extra`,
      `${answered.size - missing} / ${missing} / ${extra}`,
      `${answered.size} / 0 / 0`,
      missing === 0 && extra === 0,
    ]),
    [
      'rolling restart (A, then B)',
      restart.steps.map((s) => `${s.name}: stop ${seconds(s.stoppedMs)} s, healthy ${seconds(s.healthyMs)} s`).join('; '),
      '',
      restart.steps.length === 2,
    ],
    ['slowest answer during the restart', `${slowest.ms} ms (${slowest.method ?? ''} ${slowest.path ?? ''})`, '', true],
    [
      'answer time p50 / p99 / max, whole run',
      `${p(0.5)} / ${p(0.99)} / ${slowestOverall.ms} ms (${slowestOverall.method ?? ''} ${slowestOverall.path ?? ''})`,
      '',
      true,
    ],
    ['release directories read-only (ProtectSystem=strict)', readOnlyWorks ? 'yes' : 'not tried: `unshare -m` refused', '', true],
    ['wall time', `${seconds(Date.now() - startedAt)} s`, '', true],
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...table.map((row) => row[c].length), ['', 'result', 'target'][c].length));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log(`\n${line(['', 'result', 'target'])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(`${line(row.slice(0, 3))}${row[3] ? '' : '  FAIL'}`);
  console.log();
  for (const r of failed.slice(0, 10))
    log(`failed: ${r.method} ${r.path} at +${seconds(r.at - restart.start)} s from the restart: ${r.outcome}`);
  if (table.some((row) => !row[3])) failure = new Error('a target was missed');
} catch (error) {
  failure = error;
} finally {
  for (const child of [...instances.map((i) => i.child), caddy?.child])
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await smtp.stop();
  await hooks.stop();
  if (failure) {
    log(failure.stack ?? failure);
    for (const file of Object.values(logs))
      if (existsSync(file)) log(`${path.basename(file)} tail:\n${readFileSync(file, 'utf8').split('\n').slice(-25).join('\n')}`);
  }
  await database.dispose().catch((error) => log(`could not remove the rehearsal database: ${error.message}`));
}
console.log(failure ? 'production rehearsal: FAIL' : 'production rehearsal: PASS');
process.exit(failure ? 1 : 0);
