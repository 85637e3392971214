import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { POST as holdAsVisitor } from '@/app/api/plots/hold/route';
import { POST as holdByLink } from '@/app/api/plots/hold-by-link/route';
import { GET as plotCounts } from '@/app/api/plots/counts/route';
import { leads, outboxMessages, plotClaims } from '@/lib/db/schema';
import { deliverMessage } from '@/modules/messaging/server';
import { signInspectionLink } from '@/modules/leads/server';
import { deliverHoldMessage, extendHold, lapseExpiredHolds, plotSenders, publicPlotsOfDistrict } from '@/modules/plots/server';
import { seedPlots } from '../support/plots';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';

/**
 * Holding a plot from the site (issue 58; docs/decisions/0412): a new visitor with the interest form's fields, a known
 * buyer from a signed link; the plan shows it held without naming anyone; a moved clock lapses it and the plot is free
 * again; the hold's messages never go once it has ended.
 */
const HOUR = 3_600_000;

const json = (handler: (request: Request) => Promise<Response>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  handler(jsonRequest(path, body, { headers: { ...freshClient(), ...headers } }));
const form = (handler: (request: Request) => Promise<Response>, path: string, fields: Record<string, string>) =>
  handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...freshClient() },
      body: new URLSearchParams(fields).toString(),
    }),
  );
const someone = () =>
  validLead({
    email: `plot-${randomBytes(5).toString('hex')}@example.com`,
    phonenumber: `0803 ${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
    form_started_at: Date.now() - 20_000,
  });

describeEachDriver('holding a plot from the site', (ctx) => {
  beforeEach(() => setEnv({ RATE_LIMIT_INTEREST: '1000/600', RATE_LIMIT_INTEREST_SITE: '1000/60', RATE_LIMIT_PLOT_HOLD: undefined }));

  it('holds a plot for a new visitor, shows it held to everyone without a name, and lapses it on a moved clock', async () => {
    const db = ctx.handle().db;
    const prefix = `h${randomBytes(3).toString('hex')}-`;
    const [plot, other] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 2, prefix });
    const buyer = someone();
    const res = await json(holdAsVisitor, '/api/plots/hold', { ...buyer, plot: plot.id }, { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.href).toMatch(/^\/d1\/plots\/held\?h=/);
    expect(body.href).not.toContain(buyer.email);
    const heldUntil = new Date(body.heldUntil);
    expect(heldUntil.getTime() - Date.now()).toBeGreaterThan(47 * HOUR);

    const plan = await publicPlotsOfDistrict(db, 'Lugbe, Abuja', new Date());
    expect(plan.find((p) => p.id === plot.id)?.status).toBe('held');
    expect(JSON.stringify(plan)).not.toContain(buyer.fullname);
    const counts = await (await plotCounts()).json();
    expect(counts.districts.d1.total - counts.districts.d1.available).toBeGreaterThanOrEqual(1);

    // Another buyer is told plainly; the same buyer may not hold a second plot of the district.
    const late = await json(holdAsVisitor, '/api/plots/hold', { ...someone(), plot: plot.id }, { 'Idempotency-Key': newKey() });
    expect(late.status).toBe(409);
    expect((await late.json()).error).toContain('just taken');
    const [claim] = await db.select().from(plotClaims).where(eq(plotClaims.plotId, plot.id));
    const book = await signInspectionLink(db, 'book', claim.leadId!);
    const second = await json(holdByLink, '/api/plots/hold-by-link', { book, plot: other.id });
    expect(second.status).toBe(409);
    expect((await second.json()).refusal).toBe('holds_per_buyer');

    // Its messages were queued on the one outbox with the hold (nothing waits for a step after the commit): the news
    // now and the reminders before it lapses, to the buyer and the agent.
    const messagesOf = async (claimId: string) =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.subjectId, claimId))).sort((a, b) =>
        a.dedupeKey.localeCompare(b.dedupeKey),
      );
    const queued = await messagesOf(claim.id);
    expect(queued.map((m) => [m.subjectType, m.kind, m.state])).toEqual([
      ['plot_claim', 'agent_held', 'queued'],
      ['plot_claim', 'agent_reminder', 'queued'],
      ['plot_claim', 'held', 'queued'],
      ['plot_claim', 'reminder', 'queued'],
    ]);
    const reminder = queued.find((m) => m.kind === 'reminder')!;
    expect(reminder.dueAt.getTime()).toBeLessThan(heldUntil.getTime());
    const jobs = await db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'outbox' and data ->> 'messageId' = ${reminder.id}`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    const news = queued.find((m) => m.kind === 'held')!;
    await deliverMessage(db, plotSenders(), news.id);
    expect((await messagesOf(claim.id)).find((m) => m.id === news.id)?.state).toMatch(/^(sent|not_configured)$/);

    // The clock moves past the hold's end: the lapse job ends it, the plot is free again, the reminder stays silent.
    const after = new Date(heldUntil.getTime() + 60_000);
    const { lapsed } = await lapseExpiredHolds(db, after);
    expect(lapsed.map((c) => c.plotId)).toContain(plot.id);
    expect((await publicPlotsOfDistrict(db, 'Lugbe, Abuja', after)).find((p) => p.id === plot.id)?.status).toBe('available');
    expect(await deliverHoldMessage(db, { claimId: claim.id, kind: 'reminder', heldUntil: heldUntil.toISOString() }, after)).toEqual({
      sent: false,
    });
    for (const kind of ['reminder', 'agent_reminder']) {
      const id = queued.find((m) => m.kind === kind)!.id;
      await deliverMessage(db, plotSenders(), id, () => after);
      expect((await messagesOf(claim.id)).find((m) => m.id === id)).toMatchObject({ state: 'withdrawn', lastError: 'the hold ended' });
    }
    // Now the buyer's link holds the other plot.
    expect((await json(holdByLink, '/api/plots/hold-by-link', { book, plot: other.id })).status).toBe(201);
  });

  it('an extension queues the reminders of the new end; those of the old end, and any after a release, never go', async () => {
    const db = ctx.handle().db;
    const [plot] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 1, prefix: `x${randomBytes(3).toString('hex')}-` });
    const res = await json(holdAsVisitor, '/api/plots/hold', { ...someone(), plot: plot.id }, { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    const [claim] = await db.select().from(plotClaims).where(eq(plotClaims.plotId, plot.id));
    const reminders = async () =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.subjectId, claim.id))).filter((m) => m.kind === 'reminder');
    const [old] = await reminders();
    const now = new Date();
    const extended = await extendHold(db, {
      claimId: claim.id,
      until: new Date(now.getTime() + 72 * HOUR),
      by: 'system',
      now,
      tell: await ctx.handle().jobs(),
    });
    expect(extended.ok).toBe(true);
    const fresh = (await reminders()).find((m) => m.id !== old.id)!;
    expect(fresh.payload).toEqual({ heldUntil: new Date(now.getTime() + 72 * HOUR).toISOString() });
    await deliverMessage(db, plotSenders(), old.id);
    expect((await reminders()).find((m) => m.id === old.id)).toMatchObject({ state: 'withdrawn', lastError: 'the hold’s end changed' });

    await db.update(plotClaims).set({ endedAt: new Date(), endReason: 'released' }).where(eq(plotClaims.id, claim.id));
    await deliverMessage(db, plotSenders(), fresh.id);
    expect((await reminders()).find((m) => m.id === fresh.id)).toMatchObject({ state: 'withdrawn', lastError: 'the hold ended' });
  });

  it('holds without scripts: a 303 to the hold’s own page, or back to the plot’s page with the reason', async () => {
    const db = ctx.handle().db;
    const [plot] = await seedPlots(db, 'Lugbe, Abuja', { blocks: 1, perBlock: 1, prefix: `f${randomBytes(3).toString('hex')}-` });
    const fields = {
      ...stringsOf(someone()),
      plot: plot.id,
      label: plot.label,
      page: 'd1',
    };
    const ok = await form(holdAsVisitor, '/api/plots/hold', fields);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/\/d1\/plots\/held\?h=/);
    const again = {
      ...stringsOf(someone()),
      plot: plot.id,
      label: plot.label,
      page: 'd1',
    };
    const taken = await form(holdAsVisitor, '/api/plots/hold', again);
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toContain(`/d1/plots/${encodeURIComponent(plot.label)}`);
    expect(taken.headers.get('location')).not.toContain('@');
  });

  it('answers bad input with a clear 4xx, never a 5xx', async () => {
    const db = ctx.handle().db;
    const [plot] = await seedPlots(db, 'Moniya, Ibadan', { blocks: 1, perBlock: 1, prefix: `x${randomBytes(3).toString('hex')}-` });
    const wrongDistrict = await json(holdAsVisitor, '/api/plots/hold', { ...someone(), plot: plot.id }, { 'Idempotency-Key': newKey() });
    expect(wrongDistrict.status).toBe(410);
    const noPlot = await json(holdAsVisitor, '/api/plots/hold', { ...someone(), plot: 'not-a-uuid' }, { 'Idempotency-Key': newKey() });
    expect(noPlot.status).toBe(400);
    expect((await noPlot.json()).error).toBe('Please choose a plot on the site plan.');
    const badLink = await json(holdByLink, '/api/plots/hold-by-link', { book: 'nonsense', plot: plot.id });
    expect(badLink.status).toBe(403);
    const [row] = await db.select({ n: leads.id }).from(leads).limit(1);
    expect(row).toBeDefined();
  });
});

/** The lead's fields as a browser posts them (text; no start time: a form without scripts sends none). */
function stringsOf(lead: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(lead).flatMap(([key, value]) => (key === 'form_started_at' ? [] : [[key, String(value)]])));
}
