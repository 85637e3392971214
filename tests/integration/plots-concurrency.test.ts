import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/client';
import { leads, plotClaims, plotEvents } from '@/lib/db/schema';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { holdPlot, lapseExpiredHolds, markSold, publicPlotsOfDistrict, releaseClaim, reserveClaim } from '@/modules/plots/server';
import { seedPlots } from '../support/plots';
import { describeEachDriver, validLead } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * Never sold twice, by the database (docs/decisions/0412-plots-never-sold-twice.md): however many holds, sales and
 * expiries arrive at once, on one instance or two, a plot has one live claim and everybody else is told plainly why not.
 */
describeEachDriver('plots: one live claim per plot', (ctx) => {
  const HOUR = 3_600_000;

  async function newLead(db: DatabaseHandle['db'], status: 'contacted' | 'inspected' = 'inspected'): Promise<string> {
    const { id } = await saveLead(db, {
      input: validLead({ email: `plot-${randomBytes(5).toString('hex')}@example.com` }) as never,
      spam: false,
    });
    await db.update(leads).set({ status }).where(eq(leads.id, id));
    return id;
  }

  const liveClaims = (db: DatabaseHandle['db'], plotId: string) =>
    db
      .select()
      .from(plotClaims)
      .where(and(eq(plotClaims.plotId, plotId), isNull(plotClaims.endedAt)));

  it('gives a plot held 100 times at once (100 buyers, two instances) to exactly one; the other 99 hear it was just taken', async () => {
    const db = ctx.handle().db;
    const second = (await ctx.openSecond()).db;
    const [plot] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 1, prefix: `c${randomBytes(3).toString('hex')}-` });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newLead(db)));
    const now = new Date();
    const results = await Promise.all(
      buyers.map((leadId, i) => holdPlot(i % 2 ? second : db, { plotId: plot.id, leadId, by: 'buyer', now })),
    );
    const held = results.filter((r) => r.ok);
    expect(held).toHaveLength(1);
    const refusals = results.filter((r) => !r.ok);
    expect(new Set(refusals.map((r) => (r.ok ? '' : r.refusal)))).toEqual(new Set(['taken']));
    expect(refusals[0]).toMatchObject({ message: expect.stringContaining('just taken') });
    expect(await liveClaims(db, plot.id)).toHaveLength(1);
    const winner = held[0].ok ? held[0].claim : undefined;
    const [lead] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, winner!.leadId!));
    expect(lead.status).toBe('plot_held');
    const events = await db.select().from(plotEvents).where(eq(plotEvents.plotId, plot.id));
    expect(events.map((e) => e.action).sort()).toEqual(['held', 'imported']);
  });

  it('refuses a second claim on a plot by the database itself, even without the lock', async () => {
    const db = ctx.handle().db;
    const [plot] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 1, prefix: `u${randomBytes(3).toString('hex')}-` });
    const [a, b] = [await newLead(db), await newLead(db)];
    const row = { plotId: plot.id, stage: 'sold' as const, priceKobo: plot.priceKobo };
    await db.insert(plotClaims).values({ ...row, leadId: a });
    await expect(db.insert(plotClaims).values({ ...row, leadId: b })).rejects.toThrow();
  });

  it('ends a hold, a staff sale and the lapse job arriving at once in one consistent state, telling the others plainly', async () => {
    const db = ctx.handle().db;
    const second = (await ctx.openSecond()).db;
    const owner = await makeStaff(db, 'owner', undefined, new Date(), { enrol: false });
    const actor = { id: owner.id, email: owner.email };
    for (let round = 0; round < 6; round++) {
      const [plot] = await seedPlots(db, 'Moniya, Ibadan', {
        blocks: 1,
        perBlock: 1,
        prefix: `r${round}${randomBytes(3).toString('hex')}-`,
      });
      const [first, other] = [await newLead(db), await newLead(db)];
      const start = new Date();
      const hold = await holdPlot(db, { plotId: plot.id, leadId: first, by: 'buyer', now: start, hours: 1 });
      if (!hold.ok) throw new Error(hold.message);
      // Odd rounds: everything arrives while the first hold stands. Even rounds: just after it ran out.
      const at = new Date(start.getTime() + (round % 2 ? 30 * 60_000 : HOUR + 1000));
      const [theirHold, sale, lapse] = await Promise.all([
        holdPlot(second, { plotId: plot.id, leadId: other, by: 'buyer', now: at }),
        markSold(round % 2 ? db : second, { claimId: hold.claim.id, by: actor, now: at }),
        lapseExpiredHolds(round % 2 ? second : db, at),
      ]);
      const live = await liveClaims(db, plot.id);
      expect(live).toHaveLength(1);
      const events = (await db.select().from(plotEvents).where(eq(plotEvents.plotId, plot.id))).map((e) => e.action);
      if (round % 2) {
        // The hold stands: the sale wins, the other buyer hears "taken", the lapse job finds nothing.
        expect(sale).toMatchObject({ ok: true });
        expect(theirHold).toMatchObject({ ok: false, refusal: 'taken' });
        expect(lapse.lapsed).toEqual([]);
        expect(live[0]).toMatchObject({ id: hold.claim.id, stage: 'sold' });
        expect(events.filter((e) => e === 'lapsed')).toHaveLength(0);
      } else {
        // Past its time: the first hold lapses exactly once, staff hear it lapsed, the other buyer holds the plot.
        expect(sale).toMatchObject({ ok: false, refusal: 'lapsed', message: expect.stringContaining('ran out of time') });
        expect(theirHold).toMatchObject({ ok: true });
        expect(live[0]).toMatchObject({ leadId: other, stage: 'held' });
        expect(events.filter((e) => e === 'lapsed')).toHaveLength(1);
      }
      const plan = await publicPlotsOfDistrict(db, 'Moniya, Ibadan', at);
      expect(plan.find((p) => p.id === plot.id)?.status).toBe(round % 2 ? 'sold' : 'held');
    }
  });

  it('keeps a claim’s price when the plot’s price changes, and lets a payment made in time reserve a hold whose news came late', async () => {
    const db = ctx.handle().db;
    const [plot] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 1, prefix: `p${randomBytes(3).toString('hex')}-` });
    const leadId = await newLead(db);
    const start = new Date();
    const hold = await holdPlot(db, { plotId: plot.id, leadId, by: 'buyer', now: start, hours: 1 });
    if (!hold.ok) throw new Error(hold.message);
    const late = new Date(start.getTime() + 2 * HOUR);
    const reserved = await reserveClaim(db, {
      claimId: hold.claim.id,
      by: 'system',
      now: late,
      depositKobo: 150_000_000,
      paymentReference: `ref-${randomBytes(4).toString('hex')}`,
      paidAt: new Date(start.getTime() + 30 * 60_000),
    });
    expect(reserved).toMatchObject({ ok: true, claim: { stage: 'reserved', priceKobo: plot.priceKobo, heldUntil: null } });
    const [lead] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
    expect(lead.status).toBe('reserved');
    expect((await lapseExpiredHolds(db, late)).lapsed.filter((c) => c.plotId === plot.id)).toEqual([]);
    const released = await releaseClaim(db, {
      claimId: hold.claim.id,
      reason: 'Buyer changed their mind; deposit refunded',
      by: 'system',
      now: late,
    });
    expect(released).toMatchObject({ ok: true, claim: { endReason: 'released' } });
    const [after] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
    expect(after.status).toBe('inspected');
  });

  it('lets one buyer hold one plot per district at a time (PLOT_HOLDS_PER_BUYER)', async () => {
    const db = ctx.handle().db;
    const prefix = `b${randomBytes(3).toString('hex')}-`;
    const [a, b] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 2, prefix });
    const [elsewhere] = await seedPlots(db, 'Moniya, Ibadan', { blocks: 1, perBlock: 1, prefix });
    const leadId = await newLead(db);
    const now = new Date();
    expect(await holdPlot(db, { plotId: a.id, leadId, by: 'buyer', now })).toMatchObject({ ok: true });
    expect(await holdPlot(db, { plotId: a.id, leadId, by: 'buyer', now })).toMatchObject({ ok: true, repeated: true });
    expect(await holdPlot(db, { plotId: b.id, leadId, by: 'buyer', now })).toMatchObject({ ok: false, refusal: 'holds_per_buyer' });
    expect(await holdPlot(db, { plotId: elsewhere.id, leadId, by: 'buyer', now })).toMatchObject({ ok: true });
  });
});
