import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as listRoute } from '@/app/api/admin/leads/route';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { countInboxLeads, listLeadPage } from '@/modules/leads/inbox.repository.server';
import { leadScope, setAgentsSeeEveryLead } from '@/modules/leads/scope.server';
import { leads } from '@/lib/db/schema';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Finding a lead in one step (issue 31, item 5; docs/decisions/0363-finding-a-lead-in-one-step.md): an agent taking a
 * call-back types the caller's number the way they say it, or their name in any order, and finds the lead, whatever
 * its status, while spam and held leads stay in their own views. Agents here see every lead, as an owner may allow
 * (docs/decisions/0388); tests/integration/lead-scope.test.ts searches as an agent on their own leads.
 */
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

const LEADS = {
  obi: { fullname: 'Obi Adaeze', email: 'ada.obi@example.com', phonenumber: '0803 123 4567' },
  eze: { fullname: 'Ada Eze', email: 'ada.eze@example.com', phonenumber: '+234 802 555 4567' },
  tunji: { fullname: 'Adébáyọ̀ Ọlátúnjí', email: 'tunji@example.com', phonenumber: '+234 905 555 0101' },
  grace: { fullname: 'Grace O’Neil', email: 'grace.uk@example.co.uk', phonenumber: '+44 7700 900123' },
  // A number that never parsed: found by the digits as typed.
  odd: { fullname: 'Tolu Raw', email: 'tolu@example.com', phonenumber: '+999 2468 1357' },
  spam: { fullname: 'Obi Spam', email: 'spam@example.com', phonenumber: '+2348031234567', spam: 'honeypot' },
  held: { fullname: 'Obi Held', email: 'held@example.com', phonenumber: '08031234567', spam: 'flood' },
} as const;
type Name = keyof typeof LEADS;

describeEachDriver('inbox search', (ctx) => {
  let cookie = '';
  let staffId = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const db = ctx.handle().db;
    const agent = await makeStaff(db, 'agent');
    staffId = agent.id;
    cookie = await sessionCookieFor(db, agent);
    await setAgentsSeeEveryLead(db, true, agent);
    for (const [i, lead] of Object.values(LEADS).entries()) {
      const spamReason = 'spam' in lead ? lead.spam : undefined;
      const saved = await saveLead(db, { input: validLead(lead) as never, spam: Boolean(spamReason), spamReason });
      // Distinct arrival times, in the order above (newest last); the first lead was won long ago.
      await db
        .update(leads)
        .set({ createdAt: new Date(Date.now() - (20 - i) * 60_000), ...(i === 0 ? { status: 'won' as const } : {}) })
        .where(eq(leads.id, saved.id));
    }
  });

  /** Who the inbox shows for a search (and a view), by their key in LEADS, newest first. */
  async function found(q: string, view = ''): Promise<Name[]> {
    const res = await listRoute(staffRequest(`/api/admin/leads?q=${encodeURIComponent(q)}${view}`, { cookie }), undefined);
    expect(res.status).toBe(200);
    const { leads } = (await res.json()) as { leads: { email: string }[] };
    const byEmail = new Map<string, Name>(Object.entries(LEADS).map(([name, lead]) => [lead.email, name as Name]));
    return leads.map((lead) => byEmail.get(lead.email)!).reverse();
  }

  it.each([
    '0803 123 4567',
    '08031234567',
    '+234 803 123 4567',
    '+2348031234567',
    '234 803 123 4567',
    '(0803) 123-4567',
    '803 123 4567',
    '+234 (0) 803 123 4567',
    '+234 0803 123 4567',
    '002348031234567',
  ])('"%s" finds the lead with +2348031234567, a won one, and neither its spam nor its held twin', async (q) => {
    expect(await found(q)).toEqual(['obi']);
  });

  it('finds part of a number', async () => {
    expect(await found('4567')).toEqual(['obi', 'eze']);
    expect(await found('0803 123')).toEqual(['obi']);
    expect(await found('+234 803')).toEqual(['obi']);
    expect(await found('555')).toEqual(['eze', 'tunji']);
  });

  it('finds a diaspora lead by the number written the way they would say it at home, or internationally', async () => {
    for (const q of ['07700 900123', '+44 7700 900123', '0044 7700 900123', '+44 (0) 7700 900123', '900123'])
      expect(await found(q), q).toEqual(['grace']);
  });

  it('finds a number that never parsed by its digits', async () => {
    expect(await found('2468 1357')).toEqual(['odd']);
  });

  it('matches every word of a name, in any order, whatever the case, accents and apostrophes', async () => {
    expect(await found('ada obi')).toEqual(['obi']);
    expect(await found('OBI ADA')).toEqual(['obi']);
    expect(await found('ada')).toEqual(['obi', 'eze']);
    expect(await found('ada nobody')).toEqual([]);
    expect(await found('adebayo')).toEqual(['tunji']);
    expect(await found('Olatunji Adébáyọ̀')).toEqual(['tunji']);
    expect(await found("o'neil")).toEqual(['grace']);
    expect(await found('Grace O’Neil')).toEqual(['grace']);
    // A name and part of the number together.
    expect(await found('ada 4567')).toEqual(['obi', 'eze']);
    expect(await found('obi 4567')).toEqual(['obi']);
    expect(await found('tunji 4567')).toEqual([]);
  });

  it('finds e-mail addresses whole or in part, whatever the case', async () => {
    expect(await found('ada.obi@example.com')).toEqual(['obi']);
    expect(await found('ADA.EZE@')).toEqual(['eze']);
    expect(await found('example.co.uk')).toEqual(['grace']);
  });

  it('takes wildcards and stray marks literally', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('’')).toEqual([]);
  });

  it('shows spam and held leads only in their own views, searched there too', async () => {
    expect(await found('obi')).toEqual(['obi']);
    expect(await found('obi', '&status=spam')).toEqual(['spam']);
    expect(await found('0803 123 4567', '&status=spam')).toEqual(['spam']);
    expect(await found('obi', '&status=held')).toEqual(['held']);
    expect(await found('08031234567', '&status=held')).toEqual(['held']);
    // Other filters still narrow a search.
    expect(await found('obi', '&status=new')).toEqual([]);
  });

  it('pages a word many leads share from the newest leads, and a rarer one from the index, in the same order', async () => {
    const scope = leadScope({ id: staffId, role: 'agent' });
    const db = ctx.handle().db;
    const byEmail = new Map<string, Name>(Object.entries(LEADS).map(([name, lead]) => [lead.email, name as Name]));
    // Two to a page, a search that finds more than one lead looking through the newest lead below the cursor, then the
    // three newest, first (the site: more than 1,000, through 1,000 then 5,000).
    const pages: Name[][] = [];
    let cursor: string | undefined;
    do {
      const page = await listLeadPage(db, { q: 'example', cursor }, scope, 2, { newest: [1, 3], few: 1 });
      expect(page.found).toBe(5);
      pages.push(page.leads.map((lead) => byEmail.get(lead.email!)!));
      cursor = page.nextCursor;
    } while (cursor);
    // The first page: of the three newest leads only Tolu is in the inbox (spam and held are not), so the index
    // answers; the second: all three below Grace are, so they answer; the last: fewer than three are left.
    expect(pages).toEqual([['odd', 'grace'], ['tunji', 'eze'], ['obi']]);
    expect((await listLeadPage(db, { q: 'example' }, scope)).leads.map((lead) => byEmail.get(lead.email!))).toEqual(pages.flat());
  });

  it('counts what a search found', async () => {
    const scope = leadScope({ id: staffId, role: 'agent' });
    const db = ctx.handle().db;
    expect(await countInboxLeads(db, { q: '4567' }, scope)).toBe(2);
    expect(await countInboxLeads(db, { q: 'ada obi' }, scope)).toBe(1);
    expect(await countInboxLeads(db, { q: '0803 123 4567', status: 'spam' }, scope)).toBe(1);
  });
});
