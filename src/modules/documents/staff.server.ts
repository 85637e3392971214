import 'server-only';
import { DISTRICTS } from '@/content/districts';
import { DOCUMENTS_COPY, type DocumentStageKey } from '@/content/documents';
import type { Db } from '@/lib/db/client';
import { SIGN_IN_PATH } from '@/lib/constants';
import { getEnv } from '@/lib/env.server';
import { keepStaffFormAnswer } from '@/lib/http/form-flash.server';
import { fileStore, FileStoreUnavailableError } from '@/lib/files.server';
import { readValidated } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { lagosDayOf } from '@/lib/working-time';
import { recordAudit, staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { documentResponse, staffDocumentFile } from './buyer.server';
import { documentsOfDistrict, type ClaimDocuments } from './claims.repository.server';
import { stageChangeSchema, uploadFieldsSchema } from './schema';
import { attachScan, changeStage, historyOf, type ChangeResult } from './stages.repository.server';

/**
 * The staff Documents page (/admin/documents?district=<slug>, owners: a buyer's documents are theirs to see, as their
 * money is) and its forms' handlers: mark a stage done on a day or not done, give a late reason, upload a signed scan.
 * JSON answers, and a plain form post gets a 303 back to the page with its sentence.
 */

export const DOCUMENTS_PATH = '/admin/documents';
const copy = DOCUMENTS_COPY.staff;

export interface StaffClaimDocuments extends ClaimDocuments {
  /** Each stage's last change: who and when. */
  lastChange: Partial<Record<DocumentStageKey, { by: string; at: Date }>>;
}

export interface DocumentsPage {
  district: { slug: string; name: string };
  districts: { slug: string; name: string }[];
  claims: StaffClaimDocuments[];
  due: number;
  late: number;
  today: string;
  maxMb: number;
}

export const districtOfQuery = (value: unknown) => DISTRICTS.find((d) => d.slug === value) ?? DISTRICTS[0];

export async function documentsPage(db: Db, districtSlug: unknown, now = new Date()): Promise<DocumentsPage> {
  const district = districtOfQuery(districtSlug);
  const claims = (await documentsOfDistrict(db, district.slug, now)).filter((claim) => claim.paid.depositPaidOn);
  const history = await historyOf(
    db,
    claims.map((claim) => claim.claimId),
  );
  const withHistory = claims.map((claim) => {
    const lastChange: StaffClaimDocuments['lastChange'] = {};
    for (const line of history.filter((h) => h.claimId === claim.claimId))
      lastChange[line.stage] ??= { by: line.byEmail ?? 'the site', at: line.at };
    return { ...claim, lastChange };
  });
  const count = (status: string) => claims.reduce((n, claim) => n + claim.stages.filter((s) => s.status === status).length, 0);
  const lateOf = (claim: ClaimDocuments) => claim.stages.filter((s) => s.status === 'late').length;
  return {
    district: { slug: district.slug, name: district.name },
    districts: DISTRICTS.map((d) => ({ slug: d.slug, name: d.name })),
    // The buyers with late stages first, then by their plan's age.
    claims: withHistory.sort((a, b) => lateOf(b) - lateOf(a)),
    due: count('in_progress'),
    late: count('late'),
    today: lagosDayOf(now),
    maxMb: getEnv().DOCUMENT_UPLOAD_MAX_MB,
  };
}

const pageOf = (request: Request) =>
  `${DOCUMENTS_PATH}?district=${districtOfQuery(new URL(request.url).searchParams.get('district')).slug}`;

/**
 * A plain form's JSON answer as a 303 back to the district it was posted from (its action carries `?district=`), with
 * its sentence in the staff area's flash cookie (as answeredAsForm does; here for multipart uploads too).
 */
const formRoute =
  <C>(handler: (request: Request, ctx: C) => Promise<Response>) =>
  async (request: Request, ctx: C): Promise<Response> => {
    const response = await handler(request, ctx);
    const type = request.headers.get('content-type') ?? '';
    // A script (or a test) that posts multipart asks for JSON back; a browser's plain form does not.
    const wantsJson = /application\/json/i.test(request.headers.get('accept') ?? '');
    if (!/^application\/x-www-form-urlencoded/i.test(type) && !(/^multipart\/form-data/i.test(type) && !wantsJson)) return response;
    if (response.status === 401) return seeOther(`${SIGN_IN_PATH}?next=${encodeURIComponent(DOCUMENTS_PATH)}`);
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error?: unknown; notice?: unknown };
    const redirect = seeOther(pageOf(request));
    const error = !response.ok && typeof body.error === 'string' ? body.error : '';
    const notice = response.ok && typeof body.notice === 'string' ? body.notice : '';
    if (error || notice) await keepStaffFormAnswer(request, redirect, DOCUMENTS_PATH, { values: { notice }, error });
    return redirect;
  };

// Relative location: a form may only be redirected to its own origin (CSP form-action 'self').
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

const REFUSED: Record<Exclude<ChangeResult, { ok: true }>['refusal'], (mb: number) => [number, string]> = {
  not_found: () => [404, copy.errors.notFound],
  generated: () => [409, copy.errors.generated],
  bad_type: () => [415, copy.errors.badType],
  too_big: (mb) => [413, copy.errors.tooBig(mb)],
  no_file: () => [400, copy.errors.noFile],
};
const refused = (result: Exclude<ChangeResult, { ok: true }>) => {
  const [status, sentence] = REFUSED[result.refusal](getEnv().DOCUMENT_UPLOAD_MAX_MB);
  return errorResponse(status, sentence);
};

export const stageChangeHandler = formRoute(
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const input = await readValidated(request, stageChangeSchema, copy.errors.invalid);
    if (!input.ok) return input.response;
    const { claimId, stage, ...change } = input.value;
    const result = await changeStage(db, staff, claimId, stage, change);
    if (!result.ok) return refused(result);
    await recordAudit(db, staff, `documents.${change.action}`, claimId, { stage });
    return jsonResponse({ ok: true, notice: copy.saved });
  }),
);

/** Multipart: the scan in `file`, with `claimId` and `stage`. The declared length is refused early past the limit. */
export const uploadHandler = formRoute(
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const maxMb = getEnv().DOCUMENT_UPLOAD_MAX_MB;
    const maxBytes = maxMb * 1024 * 1024;
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > maxBytes + 64 * 1024) return errorResponse(413, copy.errors.tooBig(maxMb));
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResponse(400, copy.errors.invalid);
    }
    const fields = uploadFieldsSchema.safeParse({ claimId: form.get('claimId'), stage: form.get('stage') });
    if (!fields.success) return errorResponse(400, fields.error.issues[0]?.message ?? copy.errors.invalid);
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) return errorResponse(400, copy.errors.noFile);
    if (file.size > maxBytes) return errorResponse(413, copy.errors.tooBig(maxMb));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await orStoreDown(request, copy.errors.storeDownUpload, () =>
      attachScan(db, fileStore(), staff, { ...fields.data, bytes, maxBytes }),
    );
    if (result instanceof Response) return result;
    if (!result.ok) return refused(result);
    await recordAudit(db, staff, 'documents.file', fields.data.claimId, {
      stage: fields.data.stage,
      type: result.type,
      bytes: bytes.length,
    });
    return jsonResponse({ ok: true, notice: copy.uploaded }, 201);
  }),
);

/** GET /api/admin/documents/files/<id>: a file or letter, for staff (owners). */
export const staffFileHandler = staffRoute<IdRouteContext>({ owner: true }, async (request, { db }, ctx) => {
  const id = (await ctx.params).id;
  const file = await orStoreDown(request, copy.errors.storeDown, () => staffDocumentFile(db, id));
  if (file instanceof Response) return file;
  return file ? documentResponse(file) : errorResponse(404, copy.errors.notFound);
});

/**
 * The file store down (a bucket that does not answer, or refuses our keys): 503 with a sentence saying what did not
 * happen, and the cause in the log. The upload's row is written only after its bytes are stored, so nothing is lost
 * silently: staff are told to upload again.
 */
async function orStoreDown<T>(request: Request, sentence: string, work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof FileStoreUnavailableError)) throw error;
    // Its message names the bucket and the cause (ECONNREFUSED, 403 SignatureDoesNotMatch), nobody's data.
    console.error(`[documents] ${request.method} ${new URL(request.url).pathname}: ${error.message}`);
    return unavailableResponse(sentence);
  }
}
