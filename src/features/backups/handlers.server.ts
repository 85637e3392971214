import 'server-only';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute } from '@/lib/auth/guard.server';
import { describeBackup, takeBackup } from '@/lib/backup/backup.server';
import { isBackupName, listBackups } from '@/lib/backup/files.server';
import { getDatabase } from '@/lib/db/client';
import { isFormPost } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';

/**
 * Owners' backups in the staff area (docs/decisions/0111-backups-while-the-site-runs.md): the list, "take a backup
 * now", and downloads. A backup holds every lead, so each one taken or downloaded is recorded in the staff audit.
 */

/** Where the System page shows the backups; a script-less form post comes back here. */
export const BACKUPS_PAGE = '/admin/system#backups';

const listed = (file: Awaited<ReturnType<typeof listBackups>>[number]) => ({
  name: file.name,
  bytes: file.bytes,
  takenAt: file.takenAt.toISOString(),
  encrypted: file.encrypted,
});

/** GET /api/admin/backups → {backups: [{name, bytes, takenAt, encrypted}]}, newest first (owners). */
export const listBackupsHandler = staffRoute({ owner: true }, async () => jsonResponse({ backups: (await listBackups()).map(listed) }));

/** POST /api/admin/backups → 201 {ok, backup} once the file is complete; a plain form post is sent back to the page (303). */
export const takeBackupHandler = staffRoute({ owner: true }, async (request, { db, staff }) => {
  let report;
  try {
    report = await takeBackup(await getDatabase());
  } catch (error) {
    // The cause is the owner's to fix (pg_dump missing, disk full): said in the log, summarised here.
    console.error(`[backup] asked by an owner, failed: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(503, STAFF_COPY.backups.failed);
  }
  console.log(`[backup] ${describeBackup(report)} (asked by an owner)`);
  await recordAudit(db, staff, 'backup.create', report.file.name, { bytes: report.file.bytes });
  if (isFormPost(request)) return new Response(null, { status: 303, headers: { Location: BACKUPS_PAGE, 'Cache-Control': 'no-store' } });
  return jsonResponse({ ok: true, backup: listed(report.file) }, 201);
});

/** GET /api/admin/backups/{name} → the file, as a download (owners; recorded). */
export const downloadBackupHandler = staffRoute<{ params: Promise<{ name: string }> }>(
  { owner: true },
  async (_request, { db, staff }, { params }) => {
    const { name } = await params;
    // Only a name the list could show: nothing else in the directory, and no path of any kind.
    const file = isBackupName(name) ? (await listBackups()).find((f) => f.name === name) : undefined;
    if (!file) return errorResponse(404, STAFF_COPY.backups.notFound);
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
