import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import { deliverMessages } from '@/modules/messaging/server';
import { copyFilesToBackup } from '@/lib/backup/files-copy.server';
import { diskStore } from '@/lib/files.server';
import { ownerAlertSenders } from '@/modules/system/server';
import { POST as stageRoute } from '@/app/api/admin/documents/stage/route';
import { POST as uploadRoute } from '@/app/api/admin/documents/upload/route';
import { GET as fileRoute } from '@/app/api/admin/documents/files/[id]/route';
import { documentFiles, documentHistory, documentLetters, outboxMessages, paymentPlans } from '@/lib/db/schema';
import { appendEntry } from '@/modules/payments/server';
import { issueReceipt } from '@/modules/payments/receipts/receipts.repository.server';
import {
  buyerDocumentFile,
  checkPageOf,
  documentRecordsOfClaims,
  documentStagesOfLeads,
  documentsPage,
  forgetDocumentsOfErasedBuyersBefore,
  queueLateDocumentsAlert,
  issueDueLetters,
} from '@/modules/documents/server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A buyer's documents (issue 60, items 3–7; docs/decisions/0419-documents-and-checks.md): stages with promised dates in
 * working days, the letters made for the buyer as PDFs that carry their figures, files only for their buyer and staff,
 * uploads checked by type and size, and the public check page that says "genuine" or "not ours" and enumerates nothing.
 */

// pdf.js's own copies of the standard fonts, so that it reads the letters' Times and Helvetica without a warning.
const STANDARD_FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, disableFontFace: true }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describeEachDriver('documents: stages, letters, files and the check page', ({ handle }) => {
  let owner: { id: string; email: string; cookie: string };
  let agent: { cookie: string };
  let smtp: SmtpPeer;
  afterAll(() => smtp?.stop());
  const env = () => ({
    SMTP_URL: smtp?.url,
    SESSION_SECRET: SECRET,
    FILES_DIR: filesDir,
    SITE_URL: 'https://meridian.example',
    DOCUMENT_UPLOAD_MAX_MB: '1',
  });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'documents-files-'));
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    setEnv(env());
    const db = handle().db;
    const o = await makeStaff(db, 'owner');
    owner = { id: o.id, email: o.email, cookie: await sessionCookieFor(db, o) };
    const a = await makeStaff(db, 'agent');
    agent = { cookie: await sessionCookieFor(db, a) };
  });
  beforeEach(() => setEnv(env()));

  /** A buyer whose deposit (₦3,000,000 of ₦10,000,000) was paid on Friday 4 December 2026, with its receipt. */
  async function buyerWithDeposit(paidAt = new Date('2026-12-04T10:00:00Z')) {
    const buyer = await buyerWithPlan(handle().db);
    const jobs = await handle().jobs();
    const receipt = await handle().db.transaction(async (tx) => {
      const written = await appendEntry(tx, {
        claimId: buyer.claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `ref-${buyer.claimId}`,
        amountKobo: buyer.plan.depositKobo,
        at: paidAt,
      });
      if (written.outcome !== 'written') throw new Error(written.outcome);
      return issueReceipt(tx, jobs, written.entry);
    });
    return { ...buyer, receipt };
  }

  async function payRest(claimId: string, amountKobo: number) {
    await handle().db.transaction((tx) =>
      appendEntry(tx, {
        claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `rest-${claimId}`,
        amountKobo,
        at: new Date('2027-01-11T10:00:00Z'),
      }),
    );
  }

  it('shows each stage with its promised date, makes the contract once the deposit is paid and the allocation letter once paid in full', async () => {
    const db = handle().db;
    const { leadId, claimId, plan } = await buyerWithDeposit();
    const before = await documentStagesOfLeads(db, [leadId], new Date('2026-12-07T09:00:00Z'));
    const stages = Object.fromEntries(before.claims[0].stages.map((s) => [s.key, s]));
    expect(stages.contract_of_sale).toMatchObject({ status: 'in_progress', promisedOn: '2026-12-11', href: undefined });
    expect(stages.allocation_letter).toMatchObject({ status: 'waiting', promisedOn: undefined });
    // Reading the buyer's page made nothing: the job does.
    expect(await db.select().from(documentLetters).where(eq(documentLetters.claimId, claimId))).toHaveLength(0);

    expect(await issueDueLetters(db, new Date('2026-12-07T09:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await issueDueLetters(db, new Date('2026-12-07T09:05:00Z'))).toBe(0);
    const withContract = await documentStagesOfLeads(db, [leadId], new Date('2026-12-07T09:10:00Z'));
    const contract = withContract.claims[0].stages.find((s) => s.key === 'contract_of_sale')!;
    expect(contract).toMatchObject({ status: 'done', doneOn: '2026-12-07' });
    expect(contract.letter?.number).toMatch(/^CS-\d{4}-\d{6}$/);
    expect(contract.href).toBe(`/account/documents/${contract.letter!.id}`);

    await payRest(claimId, plan.priceKobo - plan.depositKobo);
    await issueDueLetters(db, new Date('2027-01-11T12:00:00Z'));
    const paid = await documentStagesOfLeads(db, [leadId], new Date('2027-01-12T09:00:00Z'));
    const allocation = paid.claims[0].stages.find((s) => s.key === 'allocation_letter')!;
    expect(allocation.letter?.number).toMatch(/^AL-\d{4}-\d{6}$/);
    // Survey plan: 90 calendar days after the last payment.
    expect(paid.claims[0].stages.find((s) => s.key === 'survey_plan')).toMatchObject({ status: 'in_progress', promisedOn: '2027-04-11' });

    // The allocation letter as a PDF: opened by a parser, it carries the buyer, the plot, the price and its number.
    const file = await buyerDocumentFile(db, { leadIds: [leadId], documentId: allocation.letter!.id });
    expect(file?.type).toBe('application/pdf');
    const text = await pdfText(file!.bytes);
    expect(text).toContain('Letter of allocation');
    expect(text).toMatch(/Adaeze Okafor \d+/);
    expect(text).toContain(paid.claims[0].plotLabel);
    expect(text).toContain('NGN 10,000,000');
    expect(text).toContain(allocation.letter!.number);
    const contractText = await pdfText((await buyerDocumentFile(db, { leadIds: [leadId], documentId: contract.letter!.id }))!.bytes);
    expect(contractText).toContain('Contract of sale');
    expect(contractText).toContain('NGN 3,000,000');
  });

  it('gives a document only to its own buyer (another buyer’s lead ids: null) and to owners', async () => {
    const db = handle().db;
    const a = await buyerWithDeposit();
    const b = await buyerWithDeposit();
    await issueDueLetters(db);
    const [letterA] = await db.select().from(documentLetters).where(eq(documentLetters.claimId, a.claimId));
    expect(await buyerDocumentFile(db, { leadIds: [a.leadId], documentId: letterA.id })).not.toBeNull();
    expect(await buyerDocumentFile(db, { leadIds: [b.leadId], documentId: letterA.id })).toBeNull();
    expect(await buyerDocumentFile(db, { leadIds: [], documentId: letterA.id })).toBeNull();
    expect(await buyerDocumentFile(db, { leadIds: [a.leadId], documentId: 'not-an-id' })).toBeNull();

    // An uploaded scan: the same.
    const form = new FormData();
    form.set('claimId', a.claimId);
    form.set('stage', 'survey_plan');
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'survey.png');
    expect((await upload(owner.cookie, form)).status).toBe(201);
    const view = await documentStagesOfLeads(db, [a.leadId]);
    const fileId = view.claims[0].stages.find((s) => s.key === 'survey_plan')!.fileId!;
    const mine = await buyerDocumentFile(db, { leadIds: [a.leadId], documentId: fileId });
    expect(mine?.type).toBe('image/png');
    expect(Buffer.from(mine!.bytes).equals(Buffer.from(PNG))).toBe(true);
    expect(await buyerDocumentFile(db, { leadIds: [b.leadId], documentId: fileId })).toBeNull();
    // On the staff side: owners download it, agents may not.
    const ctx = { params: Promise.resolve({ id: fileId }) };
    const staffGet = await fileRoute(staffRequest(`/api/admin/documents/files/${fileId}`, { cookie: owner.cookie }), ctx);
    expect(staffGet.status).toBe(200);
    expect(staffGet.headers.get('content-type')).toBe('image/png');
    expect(staffGet.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fileRoute(staffRequest(`/api/admin/documents/files/${fileId}`, { cookie: agent.cookie }), ctx)).status).toBe(403);
  });

  const upload = (cookie: string, form: FormData) =>
    uploadRoute(
      new Request('http://localhost/api/admin/documents/upload?district=d1', {
        method: 'POST',
        headers: { host: 'localhost', cookie, origin: 'http://localhost', 'sec-fetch-site': 'same-origin', accept: 'application/json' },
        body: form,
      }),
      undefined,
    );

  it('refuses an upload of the wrong type or size with a clear 4xx, and keeps who changed what', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithDeposit();
    const send = async (bytes: Uint8Array<ArrayBuffer>, stage = 'deed_of_assignment', name = 'scan.pdf') => {
      const form = new FormData();
      form.set('claimId', claimId);
      form.set('stage', stage);
      form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
      return upload(owner.cookie, form);
    };
    const html = await send(new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({
      error: 'That file is not a PDF, JPEG or PNG. Scan the signed document to one of those and try again.',
    });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const tooBig = await send(big);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'That file is larger than 1 MB. Scan it at a lower resolution and try again.' });
    expect((await send(new TextEncoder().encode('%PDF-1.7\n'), 'contract_of_sale')).status).toBe(409);
    expect((await send(new TextEncoder().encode('%PDF-1.7\n'), 'not_a_stage')).status).toBe(400);
    const agentForm = new FormData();
    agentForm.set('claimId', claimId);
    agentForm.set('stage', 'survey_plan');
    agentForm.set('file', new Blob([PNG]), 'x.png');
    expect((await upload(agent.cookie, agentForm)).status).toBe(403);
    expect((await send(new TextEncoder().encode('%PDF-1.7\n%%EOF\n'))).status).toBe(201);

    // Mark done on a day, give a late reason: both kept with who and when.
    const post = (body: unknown) =>
      stageRoute(staffRequest('/api/admin/documents/stage?district=d1', { method: 'POST', cookie: owner.cookie, body }), undefined);
    expect((await post({ action: 'done', claimId, stage: 'survey_plan', doneOn: '2026-12-20' })).status).toBe(200);
    expect(
      (await post({ action: 'late_reason', claimId, stage: 'consent', reason: 'The land registry is closed for the holidays.' })).status,
    ).toBe(200);
    expect((await post({ action: 'done', claimId, stage: 'survey_plan', doneOn: 'yesterday' })).status).toBe(400);
    const page = await documentsPage(db, 'd1');
    const claim = page.claims.find((c) => c.claimId === claimId)!;
    expect(claim.stages.find((s) => s.key === 'survey_plan')).toMatchObject({ status: 'done', doneOn: '2026-12-20' });
    expect(claim.stages.find((s) => s.key === 'consent')?.lateReason).toBe('The land registry is closed for the holidays.');
    expect(claim.lastChange.survey_plan?.by).toBe(owner.email);
    const history = await db.select().from(documentHistory).where(eq(documentHistory.claimId, claimId));
    expect(history.map((h) => h.action).sort()).toEqual(['done', 'file', 'late_reason']);
    // The history is append-only: the database refuses to change or delete it.
    await expect(db.update(documentHistory).set({ byEmail: 'someone@else' }).where(eq(documentHistory.claimId, claimId))).rejects.toThrow();
    await expect(db.delete(documentHistory).where(eq(documentHistory.claimId, claimId))).rejects.toThrow();
  });

  it('says genuine for a real receipt or letter, "not ours" for anything else alike, tells the owners once an hour, and limits each client', async () => {
    const db = handle().db;
    const { receipt, claimId } = await buyerWithDeposit();
    await issueDueLetters(db);
    const [letter] = await db.select().from(documentLetters).where(eq(documentLetters.claimId, claimId));
    const client = freshClient();
    const request = () => new Request('http://localhost/check', { headers: { host: 'localhost', ...client } });
    const check = (number: string, code: string) => checkPageOf(db, () => handle().jobs(), request(), { number, code });

    const genuineReceipt = await check(receipt.number, receipt.checkCode);
    expect(genuineReceipt).toMatchObject({
      state: 'genuine',
      document: {
        kind: 'receipt',
        number: receipt.number,
        districtName: 'District 1, Lugbe, Abuja',
        amountKobo: 300_000_000,
        issuedOn: expect.any(String),
      },
    });
    if (genuineReceipt.state === 'genuine') {
      expect(genuineReceipt.document.initials).toBe('A. O.');
      expect(genuineReceipt.document.plotLabel).toMatch(/^Plot P/);
    }
    expect(await check(letter.number.toLowerCase(), letter.checkCode)).toMatchObject({
      state: 'genuine',
      document: { kind: 'contract_of_sale' },
    });

    // An altered number, a right number with a wrong code, a made-up letter: the same answer, nothing more.
    const altered = receipt.number.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    for (const [number, code] of [
      [altered, receipt.checkCode],
      // Its last character changed (a code may end in x already).
      [receipt.number, `${receipt.checkCode.slice(0, -1)}${receipt.checkCode.endsWith('x') ? 'y' : 'x'}`],
      ['AL-2026-999999', letter.checkCode],
      ['hello', 'x'],
    ])
      expect(await check(number, code)).toEqual({ state: 'not_ours', number, code });
    // The owners heard once this hour (one e-mail each), through the one outbox.
    const told = await db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.subjectType, 'owner'), eq(outboxMessages.kind, 'document_forgery'), eq(outboxMessages.subjectId, owner.id)),
      );
    expect(told).toHaveLength(1);
    expect(told[0].channel).toBe('email');
    // Sent by the outbox's owner sender: one e-mail naming the number entered, nobody's personal data.
    await deliverMessages(db, ownerAlertSenders(), [told[0].id]);
    const mail = smtp.received.find((m) => JSON.stringify(m.mail.to).includes(owner.email));
    expect(mail?.mail.subject).toBe('Meridian Districts: a document that is not ours was checked');
    expect(mail?.mail.text).toContain(altered);

    // Past 20 checks in ten minutes from one client: refused, whatever it asks.
    for (let n = 0; n < 20; n++) await check(receipt.number, receipt.checkCode);
    expect(await check(receipt.number, receipt.checkCode)).toEqual({ state: 'too_many' });
    // Half a form: asked to fill it in, not counted as a check.
    expect(await checkPageOf(db, () => handle().jobs(), request(), { number: receipt.number })).toMatchObject({ state: 'invalid' });
    expect(await checkPageOf(db, () => handle().jobs(), request(), {})).toEqual({ state: 'form' });
  });

  it('puts the documents in the NDPA export, keeps them through an erasure, and deletes the letters and scans six years on', async () => {
    const db = handle().db;
    const { claimId, leadId } = await buyerWithDeposit();
    await issueDueLetters(db);
    const form = new FormData();
    form.set('claimId', claimId);
    form.set('stage', 'survey_plan');
    form.set('file', new Blob([PNG]), 'survey.png');
    expect((await upload(owner.cookie, form)).status).toBe(201);
    const [exported] = await documentRecordsOfClaims(db, [claimId]);
    expect(exported.letters[0]).toMatchObject({ kind: 'contract_of_sale', facts: { buyerName: expect.stringMatching(/^Adaeze Okafor/) } });
    expect(Buffer.from(exported.files[0].base64!, 'base64').equals(Buffer.from(PNG))).toBe(true);
    expect(exported.history.map((h) => h.action)).toEqual(['letter_issued', 'file']);

    // Erased (as the privacy module does: the plan kept, its lead gone): the documents stay while the period runs.
    await db
      .update(paymentPlans)
      .set({ leadId: null, buyerErasedAt: new Date('2027-01-01T00:00:00Z') })
      .where(eq(paymentPlans.claimId, claimId));
    expect(await forgetDocumentsOfErasedBuyersBefore(db, new Date('2026-12-31T00:00:00Z'))).toBe(0);
    const [file] = await db.select().from(documentFiles).where(eq(documentFiles.claimId, claimId));
    const backups = mkdtempSync(path.join(tmpdir(), 'documents-backups-'));
    await copyFilesToBackup(diskStore(filesDir), backups);
    expect(existsSync(path.join(backups, 'files', file.storageKey))).toBe(true);
    expect(await forgetDocumentsOfErasedBuyersBefore(db, new Date('2033-01-02T00:00:00Z'), diskStore(filesDir), backups)).toBe(2);
    expect(existsSync(path.join(backups, 'files', file.storageKey))).toBe(false);
    expect(await db.select().from(documentLetters).where(eq(documentLetters.claimId, claimId))).toHaveLength(0);
    expect(await diskStore(filesDir).get(file.storageKey)).toBeUndefined();
    expect(await buyerDocumentFile(db, { leadIds: [leadId], documentId: file.id })).toBeNull();
  });

  it('tells the owners once a day of every stage past its promised date, with the reason given', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithDeposit(new Date('2026-11-02T10:00:00Z'));
    const post = (body: unknown) =>
      stageRoute(staffRequest('/api/admin/documents/stage?district=d1', { method: 'POST', cookie: owner.cookie, body }), undefined);
    expect(
      (await post({ action: 'late_reason', claimId, stage: 'contract_of_sale', reason: 'Our lawyer is away until Monday.' })).status,
    ).toBe(200);
    // Paid on Monday 2 November 2026: the contract promised for 9 November is late now (its letter never made here).
    expect(await queueLateDocumentsAlert(db, await handle().jobs())).toBeGreaterThan(0);
    await queueLateDocumentsAlert(db, await handle().jobs());
    const queued = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'documents_late'), eq(outboxMessages.subjectId, owner.id)));
    expect(queued).toHaveLength(1);
    await deliverMessages(db, ownerAlertSenders(), [queued[0].id]);
    const mail = smtp.received.find((m) => m.mail.subject?.includes('late') && JSON.stringify(m.mail.to).includes(owner.email));
    const [plan] = (
      await documentStagesOfLeads(db, [(await db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId)))[0].leadId!])
    ).claims;
    expect(mail?.mail.text).toContain(
      `${plan.plotLabel}: Contract of sale, promised 2026-11-09 (reason given: Our lawyer is away until Monday.)`,
    );
  });
});
