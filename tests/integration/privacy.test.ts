import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { GET as exportGet, POST as exportRoute } from '@/app/api/admin/privacy/export/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { STAFF_COPY } from '@/content/staff';
import { saveLead } from '@/features/interest/repository.server';
import { addLeadNote } from '@/features/leads-admin/repository.server';
import { subjectFingerprint } from '@/features/privacy/repository.server';
import type { Db } from '@/lib/db/client';
import { interestSubmissions, leadNotes, leadNotifications, newsletterSubscribers, staffAudit } from '@/lib/db/schema';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * NDPA privacy requests (docs/decisions/0312-privacy-requests-by-phone-and-keyed-audit.md): an owner finds a person
 * by e-mail address or phone number in any spelling, exports or erases everything held, and the audit keeps a keyed
 * fingerprint of whom it concerned, never the address or a bare hash of it.
 */

/** A lead row as older or imported data may hold it (the form would have normalised it). */
async function rawLead(db: Db, values: { email: string; phoneRaw?: string; phoneE164?: string | null }) {
  const [lead] = await db
    .insert(interestSubmissions)
    .values({ title: 'Mr', fullName: 'Tunde Bakare', district: 'Moniya, Ibadan', phoneRaw: '0700 000 0000', phoneE164: null, ...values })
    .returning();
  return lead;
}
const idsOf = async (db: Db, ids: string[]) =>
  (await db.select({ id: interestSubmissions.id }).from(interestSubmissions).where(inArray(interestSubmissions.id, ids))).map((r) => r.id);

describeEachDriver('privacy requests', (ctx) => {
  let ownerCookie = '';
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  const post = (route: typeof exportRoute, path: string, body: unknown) =>
    route(staffRequest(path, { method: 'POST', cookie: ownerCookie, body }), undefined);
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    owner = await makeStaff(ctx.handle().db, 'owner');
    ownerCookie = await sessionCookieFor(ctx.handle().db, owner);
  });

  it('exports and erases everything held about one e-mail address in any capitalisation or padding, and records both by a keyed fingerprint', async () => {
    const db = ctx.handle().db;
    const email = 'subject@example.com';
    const lead = await saveLead(db, { input: validLead({ email }) as never, spam: false });
    await addLeadNote(db, lead.id, 'Prefers WhatsApp', { id: owner.id, email: owner.email });
    const oddlyStored = await rawLead(db, { email: ' Subject@Example.COM\t' });
    await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: `tok-${lead.id}`, confirmedAt: new Date() });
    const other = await saveLead(db, { input: validLead({ email: 'someone-else@example.com' }) as never, spam: false });

    const exported = await post(exportRoute, '/api/admin/privacy/export', { email: 'SUBJECT@example.com ' });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    const data = await exported.json();
    expect(data.leads.map((l: { id: string }) => l.id).sort()).toEqual([lead.id, oddlyStored.id].sort());
    expect(data.leads.find((l: { id: string }) => l.id === lead.id).notes[0].body).toBe('Prefers WhatsApp');
    expect(data.newsletter).toEqual([expect.objectContaining({ email, confirmedAt: expect.any(String) })]);
    expect(JSON.stringify(data)).not.toContain('tok-');

    const erased = await post(eraseRoute, '/api/admin/privacy/erase', { email });
    expect(await erased.json()).toEqual({ ok: true, leads: 2, newsletter: 1 });
    expect(await idsOf(db, [lead.id, oddlyStored.id, other.id])).toEqual([other.id]);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toHaveLength(0);
    expect(await db.select().from(leadNotifications).where(eq(leadNotifications.leadId, lead.id))).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(0);

    const fingerprint = await subjectFingerprint(db, { email: ' Subject@example.com' });
    expect(fingerprint).toMatch(/^email:[0-9a-f]{32}$/);
    const audit = await db.select().from(staffAudit).where(eq(staffAudit.subject, fingerprint));
    expect(audit.map((a) => a.action).sort()).toEqual(['privacy.erase', 'privacy.export']);
    // Neither the address nor its bare SHA-256 (which a list of addresses would reverse) is kept.
    const bare = createHash('sha256').update(email).digest('hex');
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(JSON.stringify(audit)).not.toContain(bare.slice(0, 32));
  });

  it('erases by phone number: every spelling of the same number, and a number that never parsed by its digits', async () => {
    const db = ctx.handle().db;
    const spellings = ['0803 555 1212', '+234 803 555 1212', '2348035551212', '+234 (0) 803-555-1212'];
    const same = await Promise.all(
      spellings.map((phonenumber, i) =>
        saveLead(db, { input: validLead({ email: `phone-${i}@example.com`, phonenumber }) as never, spam: false }),
      ),
    );
    const unparsed = await rawLead(db, { email: 'unparsed@example.com', phoneRaw: '555-0100-22' });
    const otherNumber = await saveLead(db, {
      input: validLead({ email: 'other-number@example.com', phonenumber: '0803 555 1213' }) as never,
      spam: false,
    });

    const byNumber = await post(eraseRoute, '/api/admin/privacy/erase', { phone: '08035551212' });
    expect(await byNumber.json()).toEqual({ ok: true, leads: spellings.length, newsletter: 0 });
    const byDigits = await post(eraseRoute, '/api/admin/privacy/erase', { phone: '555 0100 22' });
    expect(await byDigits.json()).toEqual({ ok: true, leads: 1, newsletter: 0 });
    expect(await idsOf(db, [...same.map((l) => l.id), unparsed.id, otherNumber.id])).toEqual([otherNumber.id]);
    const audit = await db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subject, await subjectFingerprint(db, { phone: '+234 803 555 1212' })));
    expect(audit).toHaveLength(1);
  });

  it('takes an e-mail address and a phone number together, and refuses a request that names nobody', async () => {
    const db = ctx.handle().db;
    const byEmail = await saveLead(db, {
      input: validLead({ email: 'both@example.com', phonenumber: '0805 111 2222' }) as never,
      spam: false,
    });
    const byPhone = await saveLead(db, {
      input: validLead({ email: 'another-address@example.com', phonenumber: '0805 111 2222' }) as never,
      spam: false,
    });
    const exported = await (
      await post(exportRoute, '/api/admin/privacy/export', { email: 'both@example.com', phone: '+2348051112222' })
    ).json();
    expect(exported.leads.map((l: { id: string }) => l.id).sort()).toEqual([byEmail.id, byPhone.id].sort());

    for (const [body, error] of [
      [{}, STAFF_COPY.errors.subject],
      [{ email: '', phone: ' ' }, STAFF_COPY.errors.subject],
      [{ phone: '12' }, STAFF_COPY.errors.phone],
      [{ email: 'not-an-address' }, STAFF_COPY.errors.email],
      [{ email: 'both@example.com', surprise: true }, expect.any(String)],
    ] as const) {
      const res = await post(eraseRoute, '/api/admin/privacy/erase', body);
      expect([body, res.status, (await res.json()).error]).toEqual([body, 400, error]);
    }
    expect(await idsOf(db, [byEmail.id, byPhone.id])).toHaveLength(2);
  });

  it('keeps the person out of the URL: the export is a POST, a GET answers 405', async () => {
    const res = await exportGet(staffRequest('/api/admin/privacy/export?email=a%40example.com', { cookie: ownerCookie }), undefined);
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});
