import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Enumerates every route handler under src/app/api/admin and proves each method refuses without a session
 * (401 {error: "jwt expired"}), with an expired session (same), cross-site (403), and — where owner-only — with an
 * agent's session (403). A new route must be classified below or this test fails.
 */
const ACCESS: Record<string, 'staff' | 'owner'> = {
  leads: 'staff',
  'leads/[id]': 'staff',
  'leads/[id]/notes': 'staff',
  'leads/[id]/notifications': 'owner',
  'leads/[id]/assignee': 'owner',
  'leads/[id]/claim': 'staff',
  // An agent answers the buyer by WhatsApp or SMS from the lead page (docs/decisions/0394).
  'leads/[id]/messages': 'staff',
  // Site inspections (docs/decisions/0392): who came and walk-ins are marked by staff on the day; the schedule, one-off
  // trips, seats, calling a slot off and the buyers' cut-off are the owners'.
  'inspections/bookings/[id]/attendance': 'staff',
  // One booking cancelled by whoever runs its slot, or an agent for their own lead (docs/decisions/0401).
  'inspections/bookings/[id]/cancel': 'staff',
  'inspections/slots/[id]/walk-ins': 'staff',
  'inspections/slots': 'owner',
  'inspections/slots/[id]/seats': 'owner',
  'inspections/slots/[id]/call-off': 'owner',
  'inspections/schedule': 'owner',
  'inspections/schedule/[id]': 'owner',
  'inspections/schedule/[id]/active': 'owner',
  'inspections/cutoff': 'owner',
  // Plots (docs/decisions/0413): an agent holds, extends and releases for their own leads; a deposit, a sale, an
  // allocation, an edit, a withdrawal and an import are the owners'.
  'plots/[id]/hold': 'staff',
  'plots/[id]/extend': 'staff',
  'plots/[id]/release': 'staff',
  'plots/[id]/reserve': 'owner',
  'plots/[id]/sold': 'owner',
  'plots/[id]/allocated': 'owner',
  'plots/[id]': 'owner',
  'plots/[id]/withdraw': 'owner',
  'plots/[id]/restore': 'owner',
  'plots/import': 'owner',
  'plots/import/[id]': 'owner',
  // Payments (docs/decisions/0414): any staff member records a bank transfer; an owner who is someone else decides it.
  'payments/transfers': 'staff',
  'payments/transfers/[id]/approve': 'owner',
  'payments/transfers/[id]/reject': 'owner',
  // A plan's refunds, reversals and corrections, and the accountant's ledger, are the owners' (docs/decisions/0416).
  'payments/plans/[id]/adjustments': 'owner',
  'payments/plans/[id]/adjustments/[adjustmentId]/approve': 'owner',
  'payments/plans/[id]/adjustments/[adjustmentId]/reject': 'owner',
  'exports/ledger': 'owner',
  // A buyer's documents (docs/decisions/0419): the owners', as their money is.
  'documents/stage': 'owner',
  'documents/upload': 'owner',
  'documents/files/[id]': 'owner',
  'leads/held': 'owner',
  assignment: 'staff',
  'lead-access': 'owner',
  dashboard: 'staff',
  stats: 'staff',
  me: 'staff',
  'exports/leads': 'owner',
  'exports/conversion': 'staff',
  'exports/newsletter': 'owner',
  staff: 'owner',
  'staff/[id]': 'owner',
  'staff/[id]/invitation': 'owner',
  'privacy/export': 'owner',
  'privacy/erase': 'owner',
  backups: 'owner',
  'backups/[name]': 'owner',
  'account/second-factor': 'staff',
  'account/recovery-codes': 'staff',
  'account/reauth': 'staff',
  'account/password': 'staff',
  'account/sessions': 'staff',
  'account/push': 'staff',
  'account/push/remove': 'staff',
  'account/passkeys': 'staff',
  'account/passkeys/options': 'staff',
  'account/passkeys/remove': 'staff',
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ROOT = join(process.cwd(), 'src', 'app', 'api', 'admin');
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === 'route.ts' ? [path] : [];
  });
}

const routes = routeFiles(ROOT).map((file) => relative(ROOT, file).split(sep).slice(0, -1).join('/'));

it('every /api/admin route is classified as staff or owner', () => {
  expect(routes.length).toBeGreaterThan(5);
  expect(routes.filter((r) => !(r in ACCESS))).toEqual([]);
  expect(Object.keys(ACCESS).filter((r) => !routes.includes(r))).toEqual([]);
});

describeEachDriver('every /api/admin route refuses', (ctx) => {
  let agentCookie = '';
  let expiredCookie = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const agent = await makeStaff(ctx.handle().db, 'agent');
    agentCookie = await sessionCookieFor(ctx.handle().db, agent);
    expiredCookie = await sessionCookieFor(ctx.handle().db, agent, 60, new Date(Date.now() - 3_600_000));
  });

  for (const route of routes) {
    it(`/api/admin/${route}`, async () => {
      const mod = (await import(/* @vite-ignore */ join(ROOT, ...route.split('/'), 'route.ts'))) as Record<string, unknown>;
      const handlers = METHODS.filter((m) => typeof mod[m] === 'function');
      expect(handlers.length).toBeGreaterThan(0);
      const path = `/api/admin/${route.replace('[id]', SAMPLE_ID)}`;
      const routeContext = { params: Promise.resolve({ id: SAMPLE_ID }) };
      for (const method of handlers) {
        const call = (cookie?: string, headers?: Record<string, string>) =>
          (mod[method] as (r: Request, c: unknown) => Promise<Response>)(
            staffRequest(path, { method, cookie, headers, body: method === 'GET' ? undefined : {} }),
            routeContext,
          );
        const none = await call();
        // A method the route does not serve answers 405 {error} to everyone (routeMethods), before any session check.
        if (none.status === 405 && !(none.headers.get('allow') ?? '').split(', ').includes(method)) {
          expect([method, typeof (await none.json()).error]).toEqual([method, 'string']);
          continue;
        }
        expect([method, none.status, await none.json()]).toEqual([method, 401, { error: 'jwt expired' }]);
        const expired = await call(expiredCookie);
        expect([method, expired.status, await expired.json()]).toEqual([method, 401, { error: 'jwt expired' }]);
        const garbage = await call('staff_session=not.a.jwt');
        expect([method, garbage.status]).toEqual([method, 401]);
        if (method !== 'GET') {
          const crossSite = await call(agentCookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
          expect([method, crossSite.status]).toEqual([method, 403]);
        }
        const agent = await call(agentCookie);
        if (ACCESS[route] === 'owner') expect([method, agent.status]).toEqual([method, 403]);
        else expect([method, agent.status]).not.toEqual([method, 401]);
      }
    });
  }
});
