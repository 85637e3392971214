import 'server-only';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute } from '@/modules/staff/server';
import { wantsSecureCookies } from '@/lib/auth/transport.server';
import { isEncrypted } from '@/lib/backup/archive.server';
import { describeBackup, takeBackup } from '@/lib/backup/backup.server';
import { backupInProgress, isBackupName, listBackups } from '@/lib/backup/files.server';
import { REAUTH_PATH, SIGN_IN_PATH, STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { sealFormFlash } from '@/lib/http/form-flash.server';
import { giveBack, takeIfRoom } from '@/lib/http/rate-limit.server';
import { isFormPost } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { BACKUPS_BY_HAND_PER_HOUR, backupsByHand } from './limits.server';

/**
 * Owners' backups in the staff area (docs/decisions/0111-backups-while-the-site-runs.md, 0385): the list, "take a
 * backup now", and downloads. A backup is the whole database, so taking or downloading one needs the password typed
 * recently, each is recorded in the staff audit, only encrypted files leave over the web, and "take now" is limited
 * so nobody fills the disk.
 */

/** Where the System page shows the backups; a script-less form post comes back here. */
export const SYSTEM_PAGE = '/admin/system';
export const BACKUPS_PAGE = `${SYSTEM_PAGE}#backups`;

// One backup by hand at a time in this process (the files in BACKUP_DIR tell of other instances').
let takingNow = false;

const listed = (file: Awaited<ReturnType<typeof listBackups>>[number]) => ({
  name: file.name,
  bytes: file.bytes,
  takenAt: file.takenAt.toISOString(),
  encrypted: file.encrypted,
});

/** GET /api/admin/backups → {backups: [{name, bytes, takenAt, encrypted}]}, newest first (owners). */
export const listBackupsHandler = staffRoute({ owner: true }, async () => jsonResponse({ backups: (await listBackups()).map(listed) }));

/**
 * POST /api/admin/backups → 201 {ok, backup} once the file is complete (owners, password typed recently). 429 {error}
 * while another backup is being written or past BACKUPS_BY_HAND_PER_HOUR.
 */
const takeBackupNow = staffRoute({ owner: true, recentPassword: true }, async (_request, { db, staff }) => {
  if (takingNow || (await backupInProgress())) return errorResponse(429, STAFF_COPY.backups.running, { 'Retry-After': '60' });
  const place = await takeIfRoom(db, backupsByHand);
  if (!place) {
    const retryAfter = 3600 - (Math.floor(Date.now() / 1000) % 3600);
    return errorResponse(429, STAFF_COPY.backups.limit(BACKUPS_BY_HAND_PER_HOUR, Math.ceil(retryAfter / 60)), {
      'Retry-After': String(retryAfter),
    });
  }
  takingNow = true;
  let report;
  try {
    report = await takeBackup(await getDatabase());
  } catch (error) {
    await giveBack(db, place).catch(() => {});
    // The cause is the owner's to fix (pg_dump missing, disk full): said in the log, summarised here.
    console.error(`[backup] asked by an owner, failed: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(503, STAFF_COPY.backups.failed);
  } finally {
    takingNow = false;
  }
  console.log(`[backup] ${describeBackup(report)} (asked by an owner)`);
  await recordAudit(db, staff, 'backup.create', report.file.name, { bytes: report.file.bytes });
  return jsonResponse({ ok: true, backup: listed(report.file) }, 201);
});

/**
 * The handler of POST /api/admin/backups. A plain form post (no scripts) always comes back with 303: to the System
 * page (a refusal's sentence in a short-lived encrypted cookie for that page), to the password page when the
 * password is not recent, or to sign-in when the session has ended.
 */
export async function takeBackupHandler(request: Request, routeContext: unknown): Promise<Response> {
  const response = await takeBackupNow(request, routeContext);
  if (!isFormPost(request)) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { error?: unknown; reauth?: unknown };
  const location =
    response.status === 401
      ? `${SIGN_IN_PATH}?next=${encodeURIComponent(SYSTEM_PAGE)}`
      : body.reauth === true
        ? `${REAUTH_PATH}?next=${encodeURIComponent(SYSTEM_PAGE)}`
        : BACKUPS_PAGE;
  const redirect = new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  if (location === BACKUPS_PAGE && typeof body.error === 'string') {
    try {
      const token = await sealFormFlash((await getDatabase()).db, { values: {}, error: body.error });
      new ResponseCookies(redirect.headers).set(STAFF_FORM_FLASH_COOKIE, token, {
        path: SYSTEM_PAGE,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 60,
        secure: wantsSecureCookies(request),
      });
    } catch (error) {
      logError('[backup] could not keep the refusal for the System page', error);
    }
  }
  return redirect;
}

/**
 * GET /api/admin/backups/{name} → the file, as a download (owners, password typed recently; recorded). A file
 * written without BACKUP_KEY is never served: 409 {error} saying to copy it from the server.
 */
export const downloadBackupHandler = staffRoute<{ params: Promise<{ name: string }> }>(
  { owner: true, recentPassword: true },
  async (_request, { db, staff }, { params }) => {
    const { name } = await params;
    // Only a name the list could show: nothing else in the directory, and no path of any kind.
    const file = isBackupName(name) ? (await listBackups()).find((f) => f.name === name) : undefined;
    if (!file) return errorResponse(404, STAFF_COPY.backups.notFound);
    // By its content, not its name: a plain file renamed to .enc stays on the server too.
    if (!file.encrypted || !(await isEncrypted(file.path))) return errorResponse(409, STAFF_COPY.backups.plainRefused);
    await recordAudit(db, staff, 'backup.download', file.name, { bytes: file.bytes });
    return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream, {
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(file.bytes),
        'Content-Disposition': `attachment; filename="${file.name}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
