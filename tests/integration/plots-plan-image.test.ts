import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { GET as planImage } from '@/app/api/plots/[district]/plan.svg/route';
import { GET as plotCounts } from '@/app/api/plots/counts/route';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { holdPlot, markSold, publicPlotsOfDistrict, reserveClaim } from '@/modules/plots/server';
import { seedPlots } from '../support/plots';
import { describeEachDriver, validLead } from './helpers';

/**
 * The live site plan as an image, for the prerendered district page (issue 58 item 1; docs/decisions/0412): each
 * status drawn by its pattern and letter, a hold shows on the next request, nothing names a buyer, no scripts inside;
 * an unknown district is a 404 {error}, a district without plots says selection opens soon.
 */
const get = (slug: string) =>
  planImage(new Request(`http://localhost/api/plots/${encodeURIComponent(slug)}/plan.svg`), {
    params: Promise.resolve({ district: slug }),
  });

/** Each plot's status as the image draws it: the group (fill) each plot's number sits in, and its letter. */
function statusesIn(svg: string): Map<string, { fill: string; mark?: string }> {
  const shown = new Map<string, { fill: string; mark?: string }>();
  for (const [, fill, body] of svg.matchAll(/<g fill="([^"]+)" font-weight="600" text-anchor="middle">(.*?)<\/g>/g)) {
    const texts = [...body.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (let i = 0; i < texts.length; i++) {
      const mark = /^[HRS]$/.test(texts[i + 1] ?? '') ? texts[i + 1] : undefined;
      shown.set(texts[i], { fill, mark });
      if (mark) i++;
    }
  }
  return shown;
}
const polygonGroups = (svg: string) => [
  ...svg.matchAll(/<g fill="([^"]+)" stroke="[^"]+" stroke-width="1.2">((?:<polygon [^>]*\/>)+)<\/g>/g),
];

describeEachDriver('the live site plan image', (ctx) => {
  it('draws each plot by status with its pattern and letter, shows a hold at once and names nobody', async () => {
    const db = ctx.handle().db;
    await seedPlots(db, 'Lugbe, Abuja', { blocks: 2, perBlock: 6, outlines: true });
    const before = await get('d1');
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(before.headers.get('cache-control')).toBe('public, max-age=5');
    const first = await before.text();
    expect(first).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1000" height="800"/);
    expect(first).toContain('<title id="t">Live site plan of District 1</title>');
    expect(first).toContain('12 of 12 plots available');
    expect(statusesIn(first).get('A2')).toEqual({ fill: '#12302a', mark: undefined });
    expect(polygonGroups(first).map(([, fill]) => fill)).toEqual(['#fbf9f4']);

    // A buyer holds A2, another's B1 is reserved, a third's B3 sold: the next request draws each so.
    const tag = randomBytes(4).toString('hex');
    const buyer = { fullname: `Adaeze Okonkwo ${tag}`, email: `adaeze-${tag}@example.com` };
    const leadOf = async (n: number) =>
      (
        await saveLead(db, {
          input: validLead(n === 0 ? buyer : { fullname: `Other ${n} ${tag}`, email: `other-${n}-${tag}@example.com` }) as never,
          spam: false,
        })
      ).id;
    const plotsByLabel = new Map((await publicPlotsOfDistrict(db, 'Lugbe, Abuja', new Date())).map((p) => [p.label, p.id]));
    const now = new Date();
    const held = await holdPlot(db, { plotId: plotsByLabel.get('A2')!, leadId: await leadOf(0), by: 'buyer', now });
    expect(held.ok).toBe(true);
    const toReserve = await holdPlot(db, { plotId: plotsByLabel.get('B1')!, leadId: await leadOf(1), by: 'buyer', now });
    expect(toReserve.ok && (await reserveClaim(db, { claimId: toReserve.claim.id, by: 'system', now })).ok).toBe(true);
    const toSell = await holdPlot(db, { plotId: plotsByLabel.get('B3')!, leadId: await leadOf(2), by: 'buyer', now });
    expect(toSell.ok && (await markSold(db, { claimId: toSell.claim.id, by: 'system', now })).ok).toBe(true);

    const after = await (await get('d1')).text();
    expect(after).not.toBe(first);
    expect(after).toContain('9 of 12 plots available');
    const shown = statusesIn(after);
    expect(shown.get('A2')).toEqual({ fill: '#0b211a', mark: 'H' });
    expect(shown.get('B1')).toEqual({ fill: '#0b211a', mark: 'R' });
    expect(shown.get('B3')).toEqual({ fill: '#fbf9f4', mark: 'S' });
    expect(shown.get('A1')?.mark).toBeUndefined();
    // Held plots are hatched, reserved dotted (the patterns are in the image), sold filled dark.
    expect(polygonGroups(after).map(([, fill]) => fill)).toEqual(['#fbf9f4', 'url(#plot-held)', 'url(#plot-reserved)', '#12302a']);
    expect(after).toContain('<pattern id="plot-held"');
    expect(after).toContain('<pattern id="plot-reserved"');
    // Nothing personal, nothing that runs.
    for (const secret of [buyer.fullname, buyer.email, 'Adaeze', tag]) expect(after).not.toContain(secret);
    expect(after).not.toMatch(/<script|<style|\son\w+=|javascript:|<a\s|href=/i);

    // The counts line's JSON is cacheable for 5 s too (one header, not a no-store beside it).
    expect((await plotCounts()).headers.get('cache-control')).toBe('public, max-age=5');
  });

  it('says plot selection opens soon for a district without plots, and refuses an unknown district with {error}', async () => {
    const soon = await get('d2');
    expect(soon.status).toBe(200);
    const svg = await soon.text();
    expect(svg).toContain('Plot selection opens soon');
    expect(svg).not.toContain('<polygon');
    for (const slug of ['d9', 'D1', '../d1', '<svg>']) {
      const res = await get(slug);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()).error).toBe('There is no such district.');
    }
  });
});
