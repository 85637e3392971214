import { beforeAll, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/admin/leads/route';
import { GET as exportRoute } from '@/app/api/admin/exports/leads/route';
import { PATCH as patchStaff } from '@/app/api/admin/staff/[id]/route';
import { STAFF_COPY } from '@/content/staff';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/** Staff requests that cannot be read answer 400 with a sentence, never 503 (an impossible date, a bad cursor, an empty update). */
const filterErrors = STAFF_COPY.inbox.filters.errors;
const forgedCursor = (c: string) => Buffer.from(JSON.stringify({ c, i: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });

describeEachDriver('staff requests that cannot be read', (ctx) => {
  let cookie = '';
  let agentId = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const owner = await makeStaff(ctx.handle().db, 'owner');
    agentId = (await makeStaff(ctx.handle().db, 'agent')).id;
    cookie = await sessionCookieFor(ctx.handle().db, owner);
  });

  const cases: [string, string][] = [
    ['from=2026-02-31', filterErrors.date],
    ['to=2026-13-45', filterErrors.date],
    ['from=0000-00-00', filterErrors.date],
    ['cursor=abc', filterErrors.cursor],
    [`cursor=${forgedCursor('0000-01-01T00:00:00Z')}`, filterErrors.cursor],
    ['district=Lekki', filterErrors.district],
  ];

  it('lead list and CSV export: 400 {error} naming the filter', async () => {
    for (const [query, sentence] of cases) {
      for (const [route, path] of [
        [listRoute, '/api/admin/leads'],
        [exportRoute, '/api/admin/exports/leads'],
      ] as const) {
        const res = await route(staffRequest(`${path}?${query}`, { cookie }), undefined);
        expect([query, path, res.status]).toEqual([query, path, 400]);
        expect(await res.json()).toEqual({ error: sentence });
      }
    }
    expect((await listRoute(staffRequest('/api/admin/leads?from=2026-02-28&to=2026-03-01', { cookie }), undefined)).status).toBe(200);
  });

  it('a staff update with nothing to change, or a value of the wrong type: 400 {error}', async () => {
    const patch = (body: unknown) =>
      patchStaff(staffRequest(`/api/admin/staff/${agentId}`, { method: 'PATCH', cookie, body }), ctxFor(agentId));
    let res = await patch({});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: STAFF_COPY.errors.nothingToChange });
    res = await patch({ active: null });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: STAFF_COPY.errors.active });
    expect((await patch({ active: false })).status).toBe(200);
  });
});
