import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute } from '@/lib/auth/guard.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readJsonObject } from '@/lib/http/request.server';
import { eraseSubject, exportSubject, subjectFingerprint } from './repository.server';
import { privacySubjectSchema } from './schema';

/** Handlers of /api/admin/privacy/... (owners only; every request is recorded in the staff audit). */

/** GET /api/admin/privacy/export?email= → JSON download of everything held about that address (owners; recorded) */
export const privacyExportHandler = staffRoute({ owner: true }, async (request, { db, staff }) => {
  const parsed = privacySubjectSchema.safeParse({ email: new URL(request.url).searchParams.get('email') ?? '' });
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.email);
  const data = await exportSubject(db, parsed.data.email);
  await recordAudit(db, staff, 'privacy.export', subjectFingerprint(parsed.data.email), { leads: data.leads.length, newsletter: data.newsletter.length });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="personal-data.json"',
      'Cache-Control': 'no-store',
    },
  });
});

/** POST /api/admin/privacy/erase {email} → {ok, leads, newsletter} (owners; recorded) */
export const privacyEraseHandler = staffRoute({ owner: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = privacySubjectSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.email);
  const erased = await eraseSubject(db, parsed.data.email);
  await recordAudit(db, staff, 'privacy.erase', subjectFingerprint(parsed.data.email), erased);
  return jsonResponse({ ok: true, ...erased });
});
