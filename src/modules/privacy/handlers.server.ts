import 'server-only';
import { REQUEST_ERRORS } from '@/content/form-errors';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute } from '@/modules/staff/server';
import { getDatabase } from '@/lib/db/client';
import { readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { recordErasure } from '@/lib/backup/restore-ledger.server';
import { eraseSubject, exportSubject, subjectFingerprint } from './repository.server';
import { privacySubjectSchema, type PrivacySubject } from './schema';

/**
 * Handlers of /api/admin/privacy/... (owners only; every request is recorded in the staff audit). Both take the
 * subject in the body, JSON or a plain form post, so no e-mail address or phone number ever goes into a URL.
 */

async function readSubject(request: Request): Promise<{ ok: true; subject: PrivacySubject } | { ok: false; response: Response }> {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body;
  const parsed = privacySubjectSchema.safeParse(body.value);
  return parsed.success ? { ok: true, subject: parsed.data } : { ok: false, response: errorResponse(400, parsed.error.issues[0].message) };
}

/**
 * POST /api/admin/privacy/export {email?, phone?} → JSON download of everything held about that person (owners; password
 * typed recently, 0345; recorded)
 */
export const privacyExportHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const read = await readSubject(request);
  if (!read.ok) return read.response;
  const data = await exportSubject(db, read.subject);
  await recordAudit(db, staff, 'privacy.export', await subjectFingerprint(db, read.subject), {
    leads: data.leads.length,
    newsletter: data.newsletter.length,
  });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="personal-data.json"',
      'Cache-Control': 'no-store',
    },
  });
});

/** GET /api/admin/privacy/export → 405 (the export is a POST: the subject stays out of the URL) */
export const privacyExportGetHandler = staffRoute({ owner: true }, async () =>
  errorResponse(405, REQUEST_ERRORS.methodNotAllowed, { Allow: 'POST' }),
);

/**
 * POST /api/admin/privacy/erase {email?, phone?} → {ok, leads, newsletter, walkIns?, kept?} (owners; recorded; `walkIns`:
 * the site-inspection walk-ins with the number, when there were any; `kept`: a sale's records kept, and `why` in words). A requirement of a
 * recent password check belongs in the guard's options here, like `owner`.
 */
export const privacyEraseHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const read = await readSubject(request);
  if (!read.ok) return read.response;
  // The queue is started before the erasure's transaction, which queues the CRM's lead.erased (PGlite has one connection).
  const boss = await (await getDatabase()).jobs();
  const { leadIds, newsletterIds, walkIns, kept: keptRecords, ...erased } = await eraseSubject(db, boss, read.subject);
  const fingerprint = await subjectFingerprint(db, read.subject);
  const kept = { paymentPlans: keptRecords.paymentPlans, plotClaims: keptRecords.plotClaims };
  await recordAudit(db, staff, 'privacy.erase', fingerprint, { ...erased, kept, walkIns });
  // Beside the backups, so that restoring one erases this person again (the privacy notice's promise).
  await recordErasure({ leadIds, newsletterIds, fingerprint }).catch((error) =>
    logError('[privacy] the erasure is done but could not be written to the backup ledger; a restore would not repeat it', error),
  );
  return jsonResponse({ ok: true, ...erased, ...(walkIns ? { walkIns } : {}), ...(keptRecords.why ? { kept: keptRecords } : {}) });
});
