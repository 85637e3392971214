import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as allocatedRoute } from '@/app/api/admin/plots/[id]/allocated/route';
import { POST as editRoute } from '@/app/api/admin/plots/[id]/route';
import { POST as extendRoute } from '@/app/api/admin/plots/[id]/extend/route';
import { POST as holdRoute } from '@/app/api/admin/plots/[id]/hold/route';
import { POST as releaseRoute } from '@/app/api/admin/plots/[id]/release/route';
import { POST as reserveRoute } from '@/app/api/admin/plots/[id]/reserve/route';
import { POST as soldRoute } from '@/app/api/admin/plots/[id]/sold/route';
import { POST as withdrawRoute } from '@/app/api/admin/plots/[id]/withdraw/route';
import { POST as importRoute } from '@/app/api/admin/plots/import/route';
import { POST as applyRoute } from '@/app/api/admin/plots/import/[id]/route';
import { conversionFigures } from '@/modules/insights/conversion.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { holdPlot } from '@/modules/plots/claims.server';
import { historyOfPlot, inventoryOfDistrict } from '@/modules/plots/staff/inventory.repository.server';
import { applyLayout } from '@/modules/plots/staff/inventory-changes.server';
import { readLayoutText } from '@/modules/plots/import/parse-layout';
import { eraseSubject, exportSubject } from '@/modules/privacy/repository.server';
import { leadScope } from '@/modules/leads/server';
import { leads, plotClaims, plotEvents, plots } from '@/lib/db/schema';
import { lagosDayOf } from '@/lib/working-time';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * The sales team's side of choosing a plot (issue 58, items 4, 5, 7 and 8; docs/decisions/0413): a surveyor's layout
 * imported (a bad file refused by line, a re-import never touching a hold's price), the Inventory's actions with who may
 * do what, every change kept in the plot's history, the dashboard's funnel, and a person's plots in an NDPA export and
 * erasure.
 */
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const LUGBE = 'Lugbe, Abuja';
const MONIYA = 'Moniya, Ibadan';
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
type Route<C> = (request: Request, context: C) => Promise<Response>;
const example = (name: string) => readFileSync(new URL(`../../docs/examples/${name}`, import.meta.url));

/** The Import page's form as a script would post it: multipart, the file and the district, asking for JSON. */
function uploadRequest(cookie: string, district: string, name: string, bytes: Uint8Array | string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('district', district);
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return new Request('http://localhost/api/admin/plots/import', {
    method: 'POST',
    headers: { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin', accept: 'application/json', cookie },
    body: form,
  });
}

describeEachDriver('plots in the staff area', (ctx) => {
  const db = () => ctx.handle().db;
  let owner = '';
  let agent = '';
  let otherAgent = '';
  let agentId = '';
  let otherAgentId = '';

  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      PLOT_HOLD_HOURS: undefined,
      PLOT_HOLDS_PER_BUYER: '5',
    });
    owner = await sessionCookieFor(db(), await makeStaff(db(), 'owner'));
    const agentRow = await makeStaff(db(), 'agent');
    agentId = agentRow.id;
    agent = await sessionCookieFor(db(), agentRow);
    const otherRow = await makeStaff(db(), 'agent');
    otherAgentId = otherRow.id;
    otherAgent = await sessionCookieFor(db(), otherRow);
  });

  async function newLead(fields: Partial<typeof leads.$inferInsert> = {}, contact: Record<string, string> = {}): Promise<string> {
    const tag = randomBytes(5).toString('hex');
    const { id } = await saveLead(db(), {
      input: validLead({ fullname: `Buyer ${tag}`, email: `buyer-${tag}@example.com`, ...contact }) as never,
      spam: false,
    });
    await db()
      .update(leads)
      .set({ status: 'contacted', ...fields })
      .where(eq(leads.id, id));
    return id;
  }

  const post = <C>(route: Route<C>, path: string, cookie: string, body: unknown, context: C) =>
    route(staffRequest(path, { method: 'POST', cookie, body }), context);

  const plotsOf = async (district: typeof LUGBE | typeof MONIYA) =>
    inventoryOfDistrict(db(), district, leadScope({ id: '00000000-0000-4000-8000-000000000000', role: 'owner' }));

  const plotNamed = async (label: string, district: typeof LUGBE | typeof MONIYA = LUGBE) => {
    const plot = (await plotsOf(district)).find((p) => p.label === label);
    if (!plot) throw new Error(`no plot ${label}`);
    return plot;
  };

  it('shows no plots on a fresh install: none is invented before a layout is imported', async () => {
    expect(await plotsOf(MONIYA)).toEqual([]);
  });

  it('imports the example layout through the Import page: a preview first, then one apply, each plot with its history', async () => {
    const preview = await importRoute(uploadRequest(owner, 'd1', 'd1-layout.csv', example('d1-layout.csv')), undefined as never);
    expect(preview.status).toBe(201);
    const { draftId, plots: read } = await preview.json();
    expect(read).toBe(120);
    expect(await plotsOf(LUGBE)).toEqual([]); // the preview writes no plot

    const applied = await applyRoute(
      staffRequest(`/api/admin/plots/import/${draftId}`, { method: 'POST', cookie: owner, body: {} }),
      ctxFor(draftId),
    );
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ ok: true, changes: 120 });
    const listed = await plotsOf(LUGBE);
    expect(listed).toHaveLength(120);
    expect(listed.find((p) => p.label === 'A-01')).toMatchObject({
      block: 'A',
      sizeSqm: 300,
      priceKobo: 1_100_000_000,
      corner: true,
      standing: 'available',
    });
    expect(listed.filter((p) => p.corner)).toHaveLength(24);
    const [line] = await historyOfPlot(db(), listed[0].id);
    expect(line).toMatchObject({ action: 'imported', reason: 'import d1-layout.csv' });
    expect(line.by).not.toBeNull();

    // Pressed twice: the preview is applied once.
    const again = await applyRoute(
      staffRequest(`/api/admin/plots/import/${draftId}`, { method: 'POST', cookie: owner, body: {} }),
      ctxFor(draftId),
    );
    expect(again.status).toBe(404);
    expect(await plotsOf(LUGBE)).toHaveLength(120);
  });

  it('imports the Moniya GeoJSON example at its own prices', async () => {
    const read = readLayoutText(example('d2-layout.geojson').toString('utf8'));
    if (!read.ok) throw new Error(read.problems.join());
    await applyLayout(db(), MONIYA, read.plots, { withdrawMissing: false, now: new Date(), staffId: null, reason: 'test' });
    const moniya = await plotsOf(MONIYA);
    expect(moniya).toHaveLength(48);
    expect(moniya.find((p) => p.label === 'A-02')).toMatchObject({ sizeSqm: 450, priceKobo: 150_000_000 });
  });

  it('refuses a file with a bad row, naming its line and why, and writes nothing', async () => {
    const csv = 'plot,block,size_sqm,price_ngn\nZ-01,Z,300,10000000\nZ-02,Z,300,ten million\n';
    const res = await importRoute(uploadRequest(owner, 'd1', 'bad.csv', csv), undefined as never);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('The file was refused; nothing was changed.');
    expect(body.problems).toEqual(['Line 3: price_ngn "ten million" is not an amount in naira (e.g. 10000000 or 10,000,000.00).']);
    expect((await plotsOf(LUGBE)).some((p) => p.label === 'Z-01')).toBe(false);

    // Without scripts: back to the Import page, the reasons in the flash cookie, nothing personal in the URL.
    const form = new FormData();
    form.set('district', 'd1');
    form.set('file', new File([csv], 'bad.csv'));
    const byBrowser = await importRoute(
      new Request('http://localhost/api/admin/plots/import', {
        method: 'POST',
        headers: { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin', cookie: owner },
        body: form,
      }),
      undefined as never,
    );
    expect(byBrowser.status).toBe(303);
    expect(byBrowser.headers.get('location')).toBe('/admin/plots/import');
  });

  it('a re-import that changes a held plot’s price and size leaves the hold’s price alone and keeps the size', async () => {
    const lead = await newLead({ assignedTo: agentId });
    const plot = await plotNamed('B-05');
    const held = await post(holdRoute, `/api/admin/plots/${plot.id}/hold`, agent, { leadId: lead }, ctxFor(plot.id));
    expect(held.status).toBe(200);
    const layout = readFileSync(new URL('../../docs/examples/d1-layout.csv', import.meta.url), 'utf8').replace(
      /^B-05,B,300,10000000,/m,
      'B-05,B,320,12500000,',
    );
    const read = readLayoutText(layout);
    if (!read.ok) throw new Error(read.problems.join());
    const plan = await applyLayout(db(), LUGBE, read.plots, {
      withdrawMissing: false,
      now: new Date(),
      staffId: null,
      reason: 'import again',
    });
    expect(plan!.updated.find((u) => u.existing.label === 'B-05')).toMatchObject({
      applied: [{ field: 'price', before: 1_000_000_000, after: 1_250_000_000 }],
      blocked: [{ field: 'size', before: 300, after: 320 }],
    });
    const after = await plotNamed('B-05');
    expect(after).toMatchObject({ priceKobo: 1_250_000_000, sizeSqm: 300, standing: 'held' });
    expect(after.claim?.priceKobo).toBe(1_000_000_000);
  });

  it('lets an agent hold and extend for their own lead, never release another agent’s hold nor record a deposit', async () => {
    const mine = await newLead({ assignedTo: agentId });
    const theirs = await newLead({ assignedTo: otherAgentId });
    const plot = await plotNamed('C-01');
    const other = await plotNamed('C-02');

    const forTheirs = await post(holdRoute, `/api/admin/plots/${plot.id}/hold`, agent, { leadId: theirs }, ctxFor(plot.id));
    expect(forTheirs.status).toBe(403);
    expect((await plotNamed('C-01')).standing).toBe('available');

    expect((await post(holdRoute, `/api/admin/plots/${plot.id}/hold`, agent, { leadId: mine, hours: 24 }, ctxFor(plot.id))).status).toBe(
      200,
    );
    expect((await post(holdRoute, `/api/admin/plots/${other.id}/hold`, otherAgent, { leadId: theirs }, ctxFor(other.id))).status).toBe(200);

    // Another agent's hold: no release, no extension; the buyer's name is not shown to them.
    const release = await post(releaseRoute, `/api/admin/plots/${other.id}/release`, agent, { reason: 'buyer called' }, ctxFor(other.id));
    expect(release.status).toBe(403);
    expect((await post(extendRoute, `/api/admin/plots/${other.id}/extend`, agent, { hours: 5 }, ctxFor(other.id))).status).toBe(403);
    const seen = (await inventoryOfDistrict(db(), LUGBE, leadScope({ id: agentId, role: 'agent' }))).find((p) => p.id === other.id);
    expect(seen?.claim).toMatchObject({ leadName: null, leadInScope: false, mayChangeLead: false });
    expect((await plotNamed('C-02')).standing).toBe('held');

    // Their own: extended; a deposit and a sale are the owners'.
    const extended = await post(extendRoute, `/api/admin/plots/${plot.id}/extend`, agent, { hours: 72 }, ctxFor(plot.id));
    expect(extended.status).toBe(200);
    expect((await plotNamed('C-01')).claim!.heldUntil!.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    const deposit = { depositNaira: '3,000,000', depositDate: lagosDayOf(new Date()), reference: 'GTB-001' };
    expect((await post(reserveRoute, `/api/admin/plots/${plot.id}/reserve`, agent, deposit, ctxFor(plot.id))).status).toBe(403);
    expect((await post(soldRoute, `/api/admin/plots/${plot.id}/sold`, agent, {}, ctxFor(plot.id))).status).toBe(403);

    // The agent releases their own, with a reason the history keeps.
    expect((await post(releaseRoute, `/api/admin/plots/${plot.id}/release`, agent, { reason: '' }, ctxFor(plot.id))).status).toBe(400);
    expect(
      (await post(releaseRoute, `/api/admin/plots/${plot.id}/release`, agent, { reason: 'Chose Moniya instead' }, ctxFor(plot.id))).status,
    ).toBe(200);
    const [last] = await historyOfPlot(db(), plot.id);
    expect(last).toMatchObject({ action: 'released', reason: 'Chose Moniya instead' });

    // An owner may release anyone's.
    expect(
      (await post(releaseRoute, `/api/admin/plots/${other.id}/release`, owner, { reason: 'Duplicate hold' }, ctxFor(other.id))).status,
    ).toBe(200);
  });

  it('takes an owner from a hold to a deposit recorded by hand (naira to kobo), a sale and an allocation, each in the history', async () => {
    const lead = await newLead();
    const plot = await plotNamed('D-05');
    expect((await post(holdRoute, `/api/admin/plots/${plot.id}/hold`, owner, { leadId: lead }, ctxFor(plot.id))).status).toBe(200);
    const bad = await post(
      reserveRoute,
      `/api/admin/plots/${plot.id}/reserve`,
      owner,
      { depositNaira: 'three million', depositDate: lagosDayOf(new Date()) },
      ctxFor(plot.id),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('The deposit must be an amount in naira, e.g. 3,000,000.');
    const reserved = await post(
      reserveRoute,
      `/api/admin/plots/${plot.id}/reserve`,
      owner,
      { depositNaira: '3,000,000', depositDate: lagosDayOf(new Date()), reference: 'GTB-778' },
      ctxFor(plot.id),
    );
    expect(reserved.status).toBe(200);
    const [claim] = await db().select().from(plotClaims).where(eq(plotClaims.plotId, plot.id));
    expect(claim).toMatchObject({ stage: 'reserved', depositKobo: 300_000_000, paymentReference: 'GTB-778', priceKobo: 1_000_000_000 });
    expect((await db().select().from(leads).where(eq(leads.id, lead)))[0].status).toBe('reserved');

    // A reserved plot's list price may change for later buyers; its size may not, nor may it be withdrawn.
    const resize = await post(
      editRoute,
      `/api/admin/plots/${plot.id}`,
      owner,
      { priceNaira: '10000000', sizeSqm: '350', corner: false },
      ctxFor(plot.id),
    );
    expect(resize.status).toBe(409);
    const reprice = await post(
      editRoute,
      `/api/admin/plots/${plot.id}`,
      owner,
      { priceNaira: '10,500,000', sizeSqm: '300', reason: 'New price list' },
      ctxFor(plot.id),
    );
    expect(reprice.status).toBe(200);
    expect((await plotNamed('D-05')).claim?.priceKobo).toBe(1_000_000_000);
    expect(
      (await post(withdrawRoute, `/api/admin/plots/${plot.id}/withdraw`, owner, { reason: 'Road widening' }, ctxFor(plot.id))).status,
    ).toBe(409);

    expect((await post(allocatedRoute, `/api/admin/plots/${plot.id}/allocated`, owner, {}, ctxFor(plot.id))).status).toBe(409);
    expect((await post(soldRoute, `/api/admin/plots/${plot.id}/sold`, owner, {}, ctxFor(plot.id))).status).toBe(200);
    expect((await post(allocatedRoute, `/api/admin/plots/${plot.id}/allocated`, owner, {}, ctxFor(plot.id))).status).toBe(200);
    const history = await historyOfPlot(db(), plot.id);
    expect(history.map((line) => line.action)).toEqual(['allocated', 'sold', 'edited', 'reserved', 'held', 'imported']);
    expect(history.find((line) => line.action === 'edited')).toMatchObject({
      before: expect.objectContaining({ priceKobo: 1_000_000_000 }),
      after: expect.objectContaining({ priceKobo: 1_050_000_000 }),
      reason: 'New price list',
    });
  });

  it('withdraws a free plot with its reason (never one held), and a withdrawn plot cannot be held', async () => {
    const plot = await plotNamed('E-20');
    expect(
      (await post(withdrawRoute, `/api/admin/plots/${plot.id}/withdraw`, agent, { reason: 'Road widening' }, ctxFor(plot.id))).status,
    ).toBe(403);
    expect(
      (await post(withdrawRoute, `/api/admin/plots/${plot.id}/withdraw`, owner, { reason: 'Road widening' }, ctxFor(plot.id))).status,
    ).toBe(200);
    expect((await plotNamed('E-20')).standing).toBe('withdrawn');
    const held = await post(holdRoute, `/api/admin/plots/${plot.id}/hold`, owner, { leadId: await newLead() }, ctxFor(plot.id));
    expect(held.status).toBe(409);
  });

  it('answers a form posted without scripts with a 303 to the plot’s page', async () => {
    const plot = await plotNamed('F-03');
    const res = await holdRoute(
      formRequest(`/api/admin/plots/${plot.id}/hold`, { leadId: await newLead({ assignedTo: agentId }), hours: '' }, { cookie: agent }),
      ctxFor(plot.id),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/plots/${plot.id}`);
    expect((await plotNamed('F-03')).standing).toBe('held');
  });

  it('keeps imports and prices to owners', async () => {
    const res = await importRoute(uploadRequest(agent, 'd1', 'd1-layout.csv', example('d1-layout.csv')), undefined as never);
    expect(res.status).toBe(403);
    const plot = await plotNamed('A-02');
    expect((await post(editRoute, `/api/admin/plots/${plot.id}`, agent, { priceNaira: '1', sizeSqm: '300' }, ctxFor(plot.id))).status).toBe(
      403,
    );
  });

  describe('the funnel and a person’s data', () => {
    it('counts, per campaign, leads that held a plot, reserved one, and the value reserved at the frozen price', async () => {
      const campaign = `plots-${randomBytes(3).toString('hex')}`;
      const utm = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: campaign, landingPath: '/d1' };
      const a = await newLead(utm);
      const b = await newLead(utm);
      await newLead(utm);
      const p1 = await plotNamed('A-11');
      const p2 = await plotNamed('A-12');
      const now = new Date();
      await holdPlot(db(), { plotId: p1.id, leadId: a, by: 'system', now });
      const hold = await holdPlot(db(), { plotId: p2.id, leadId: b, by: 'system', now });
      if (!hold.ok) throw new Error(hold.message);
      expect(
        (
          await post(
            reserveRoute,
            `/api/admin/plots/${p2.id}/reserve`,
            owner,
            { depositNaira: '3000000', depositDate: lagosDayOf(now) },
            ctxFor(p2.id),
          )
        ).status,
      ).toBe(200);
      // The list price changes afterwards: the value reserved is the claim's.
      await post(editRoute, `/api/admin/plots/${p2.id}`, owner, { priceNaira: '15000000', sizeSqm: '300' }, ctxFor(p2.id));
      const day = lagosDayOf(now);
      const figures = await conversionFigures(db(), { from: day, to: day } as never);
      const row = figures.bySource.find((r) => r.group.view === 'source' && r.group.campaign === campaign);
      expect(row).toMatchObject({ leads: 3, plotsHeld: 2, plotsReserved: 1, reservedKobo: 1_000_000_000 });
    });

    it('lists a person’s holds and reservations in their export; erasure deletes a hold and keeps a reservation without them', async () => {
      const email = `plots-${randomBytes(4).toString('hex')}@example.com`;
      const lead = await newLead({}, { email });
      const heldPlot = await plotNamed('B-11');
      const reservedPlot = await plotNamed('B-12');
      const now = new Date();
      await holdPlot(db(), { plotId: heldPlot.id, leadId: lead, by: 'buyer', now });
      await holdPlot(db(), { plotId: reservedPlot.id, leadId: lead, by: 'system', now });
      await post(
        reserveRoute,
        `/api/admin/plots/${reservedPlot.id}/reserve`,
        owner,
        { depositNaira: '3000000', depositDate: lagosDayOf(now) },
        ctxFor(reservedPlot.id),
      );

      const exported = await exportSubject(db(), { email });
      const claims = exported.leads[0].plots;
      expect(claims.map((c) => [c.plot.label, c.stage])).toEqual([
        ['B-11', 'held'],
        ['B-12', 'reserved'],
      ]);
      expect(claims[1]).toMatchObject({ depositKobo: 300_000_000, priceKobo: 1_000_000_000 });
      expect(claims[0].history.map((h) => h.action)).toEqual(['held']);

      const boss = await ctx.handle().jobs();
      await eraseSubject(db(), boss, { email });
      const left = await db().select().from(plotClaims).where(eq(plotClaims.plotId, heldPlot.id));
      expect(left).toEqual([]);
      expect((await plotNamed('B-11')).standing).toBe('available');
      const kept = await db().select().from(plotClaims).where(eq(plotClaims.plotId, reservedPlot.id));
      expect(kept).toMatchObject([{ stage: 'reserved', leadId: null, priceKobo: 1_000_000_000 }]);
      const events = await db().select().from(plotEvents).where(eq(plotEvents.plotId, heldPlot.id));
      expect(events.some((e) => e.leadId === lead)).toBe(false);
      expect((await plotNamed('B-12')).claim).toMatchObject({ leadId: null, leadName: null });
      void plots;
    });
  });
});
