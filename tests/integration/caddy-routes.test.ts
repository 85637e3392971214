import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_AREA } from '../../serving/staff-area.mjs';

/**
 * deploy/Caddyfile as an owner runs it, in front of two stand-in instances that answer with their name: while both
 * are up, staff's pages go to B and visitors to A, so a buyer's form never waits behind an owner's year of dashboard on
 * one Node.js thread (docs/decisions/0439); when either is out (an upgrade), the other serves everything.
 * Caddy is required in CI (`apt-get install -y caddy`), as for the production rehearsal.
 */
const hasCaddy = !spawnSync('caddy', ['version']).error;
const DEPLOYED_CADDYFILE = path.join(import.meta.dirname, '../../deploy/Caddyfile');

class Instance {
  healthy = true;
  readonly server: Server;
  constructor(readonly name: string) {
    this.server = createServer((req, res) => {
      if (req.url === '/api/health') {
        res.writeHead(this.healthy ? 200 : 503).end();
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(this.name));
    });
  }
  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

const a = new Instance('A');
const b = new Instance('B');
let caddy: ChildProcess;
let base = '';
let dir = '';

const whoAnswers = async (pathname: string, method = 'GET') => {
  const res = await fetch(`${base}${pathname}`, { method, body: method === 'POST' ? '{}' : undefined });
  return res.text();
};

/** Caddy checks health every 2 s: an instance's change shows within a few checks. */
async function eventually(pathname: string, expected: string) {
  let last = '';
  for (const start = Date.now(); Date.now() - start < 15_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    last = await whoAnswers(pathname).catch((error: Error) => error.message);
    if (last === expected) return;
  }
  throw new Error(`${pathname} was answered by ${last}, not ${expected}, after 15 s`);
}

const STAFF = ['/admin', '/admin/dashboard', '/api/admin/exports/leads', '/api/staff/sign-in', '/registration/enrol', '/staff-app/sw.js'];
const VISITORS = ['/', '/d1', '/d2/inspection', '/api/plots/counts', '/api/account/sign-in', '/administrator', '/metrics'];

describe('deploy/Caddyfile: the staff route', () => {
  it('names the staff area the server knows (serving/staff-area.mjs), each path with what is below it, and nothing else', () => {
    const line = readFileSync(DEPLOYED_CADDYFILE, 'utf8').match(/^\s*@staff path (.+)$/m);
    expect(line?.[1].trim().split(/\s+/).sort()).toEqual(STAFF_AREA.flatMap((prefix) => [prefix, `${prefix}/*`]).sort());
  });

  it('sends the staff to the instance whose systemd drop-in yields the CPU to the buyers (docs/decisions/0453)', () => {
    // The staff route's first upstream by default, and the one instance with a drop-in: the same port, or the lower
    // priority lands on the buyers' instance.
    const staffRoute = readFileSync(DEPLOYED_CADDYFILE, 'utf8').match(
      /handle @staff \{\s*reverse_proxy \{\$UPSTREAM_B:127\.0\.0\.1:(\d+)\}/,
    );
    const dropIns = readdirSync(path.join(import.meta.dirname, '../../deploy')).filter((name) => name.endsWith('.service.d'));
    expect(dropIns).toEqual([`districts@${staffRoute?.[1]}.service.d`]);
    const conf = readFileSync(path.join(import.meta.dirname, '../../deploy', dropIns[0], 'staff-instance.conf'), 'utf8');
    expect(conf).toMatch(/^Nice=([1-9]|1\d)$/m);
    expect(conf).toMatch(/^CPUWeight=[1-9]\d?$/m);
  });
});

describe.skipIf(!hasCaddy && !process.env.CI)('deploy/Caddyfile: which instance answers', () => {
  beforeAll(async () => {
    if (!hasCaddy) throw new Error('caddy is not installed (apt-get install -y caddy): it is required in CI');
    const [upstreamA, upstreamB] = [await a.listen(), await b.listen()];
    dir = mkdtempSync(path.join(tmpdir(), 'districts-caddy-'));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    base = `http://127.0.0.1:${port}`;
    // The deployed file with what a test needs beside it: no admin endpoint (another Caddy may hold its port).
    const deployed = readFileSync(DEPLOYED_CADDYFILE, 'utf8');
    const config = deployed.replace(/^\{$/m, '{\n\tadmin off');
    expect(config).not.toBe(deployed);
    writeFileSync(path.join(dir, 'Caddyfile'), config);
    caddy = spawn('caddy', ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
        SITE_DOMAIN: base,
        UPSTREAM_A: upstreamA,
        UPSTREAM_B: upstreamB,
      },
    });
    await eventually('/', 'A');
  }, 30_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await Promise.all([a, b].map((instance) => new Promise((resolve) => instance.server.close(resolve))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends staff to B and visitors, forms included, to A while both are up', async () => {
    for (const pathname of STAFF) expect([pathname, await whoAnswers(pathname)]).toEqual([pathname, 'B']);
    for (const pathname of VISITORS) expect([pathname, await whoAnswers(pathname)]).toEqual([pathname, 'A']);
    expect(await whoAnswers('/api/interest', 'POST')).toBe('A');
    expect(await whoAnswers('/api/inspections/book', 'POST')).toBe('A');
  });

  it('serves staff from A while B is out, and visitors from B while A is out', async () => {
    b.healthy = false;
    await eventually('/admin', 'A');
    expect(await whoAnswers('/api/interest', 'POST')).toBe('A');
    b.healthy = true;
    await eventually('/admin', 'B');

    a.healthy = false;
    await eventually('/d1', 'B');
    expect(await whoAnswers('/api/interest', 'POST')).toBe('B');
    a.healthy = true;
    await eventually('/d1', 'A');
  }, 60_000);
});
