import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DELETE as discardHeld, POST as releaseHeld } from '@/app/api/admin/leads/held/route';
import { POST as interestRoute } from '@/app/api/interest/route';
import { heldLeadsSummary } from '@/modules/leads/held.repository.server';
import { holdLead } from '@/modules/leads/operations.server';
import { leads } from '@/lib/db/schema';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Releasing the leads held in a flood e-mails every held address (docs/decisions/0385-backups-and-secrets-round-3.md):
 * it needs the password typed recently, and the count the owner was shown and confirmed; a flood that grew meanwhile is
 * not released blind.
 */
describeEachDriver('releasing held leads', (ctx) => {
  beforeAll(() =>
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }),
  );

  /** A lead held as a flood holds it: stored and answered, nobody told. */
  async function heldLead(): Promise<string> {
    const res = await interestRoute(
      jsonRequest('/api/interest', validLead({ email: `held-${randomBytes(4).toString('hex')}@example.com` }), {
        headers: { ...freshClient(), 'idempotency-key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    await ctx.handle().db.transaction((tx) => holdLead(tx, id));
    return id;
  }

  const release = (cookie: string, body?: unknown) =>
    releaseHeld(staffRequest('/api/admin/leads/held', { method: 'POST', cookie, body }), undefined);

  it('asks for a fresh password and the count shown, and releases nothing when more are held than the owner confirmed', async () => {
    const db = ctx.handle().db;
    const owner = await makeStaff(db, 'owner');
    const held = [await heldLead(), await heldLead()];
    const shown = (await heldLeadsSummary(db))!.count;
    expect(shown).toBeGreaterThanOrEqual(2);
    const stillHeld = async () =>
      (await db.select({ reason: leads.spamReason }).from(leads).where(inArray(leads.id, held))).map((r) => r.reason);

    // The password typed 11 minutes ago: refused, with the page's dialog asked for.
    const stale = await sessionCookieFor(db, owner, 3600, new Date(Date.now() - 11 * 60_000));
    const refused = await release(stale, { count: shown });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ reauth: true, error: expect.any(String) });

    const fresh = await sessionCookieFor(db, owner);
    // Without the count confirmed: a clear 4xx, never a release.
    for (const body of [undefined, {}, { count: 'all' }, { count: 0 }]) {
      const res = await release(fresh, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (await res.json()).error).toBe('string');
    }
    // A flood arrives after the page showed its count: nothing is released, and the answer says how many are held now.
    held.push(await heldLead());
    const blind = await release(fresh, { count: shown });
    expect(blind.status).toBe(409);
    const answer = await blind.json();
    expect(answer).toMatchObject({ held: shown + 1 });
    expect(answer.error).toMatch(new RegExp(`you confirmed ${shown} held leads, but ${shown + 1} are held now`));
    expect(await stillHeld()).toEqual(['flood', 'flood', 'flood']);

    // The new count confirmed: all of them are released and notified.
    const released = await release(fresh, { count: shown + 1 });
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ ok: true, released: shown + 1 });
    expect(await stillHeld()).toEqual([null, null, null]);
    expect(await heldLeadsSummary(db)).toBeUndefined();
    expect((await db.select({ spam: leads.spam }).from(leads).where(eq(leads.id, held[2])))[0].spam).toBe(false);

    // Discarding still needs only the password (nothing leaves): one held, one discarded.
    await heldLead();
    expect(await (await discardHeld(staffRequest('/api/admin/leads/held', { method: 'DELETE', cookie: fresh }), undefined)).json()).toEqual(
      {
        ok: true,
        discarded: 1,
      },
    );
  });
});
