import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { listBackups } from '@/lib/backup/files.server';
import { getEnv } from '@/lib/env.server';
import { formatBytes, formatDateTime } from '@/lib/format';

const copy = STAFF_COPY.backups;

/**
 * The System page's backups (owners), inside its Backups card: the files, newest first, each a download link, and
 * "take a backup now" as a plain form, so both work before any script has arrived (the server answers the post with
 * this page).
 */
export async function BackupsPanel() {
  const env = getEnv();
  const backups = await listBackups();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="max-w-2xl text-sm text-ink-soft">{copy.intro(env.BACKUP_RETENTION, Boolean(env.BACKUP_KEY))}</p>
        <form method="post" action="/api/admin/backups">
          <button type="submit" className="btn-primary">
            {copy.takeNow}
          </button>
        </form>
      </div>
      {backups.length === 0 ? (
        <p className="text-sm text-ink-soft">{copy.none}</p>
      ) : (
        <ul aria-label={copy.listLabel} className="divide-y divide-forest-900/10 border-y border-forest-900/10">
          {backups.map((backup) => (
            <li key={backup.name} className="flex items-center justify-between gap-4 py-2">
              <div className="min-w-0">
                <time dateTime={backup.takenAt.toISOString()} className="text-sm font-medium text-forest-900">
                  {formatDateTime(backup.takenAt)}
                </time>
                <p className="truncate text-xs text-ink-soft">
                  {formatBytes(backup.bytes)}
                  {backup.encrypted ? ` · ${copy.encrypted}` : ''} · {backup.name}
                </p>
              </div>
              <a
                href={`/api/admin/backups/${encodeURIComponent(backup.name)}`}
                download={backup.name}
                className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-700"
              >
                {copy.download}
                <span className="sr-only"> {formatDateTime(backup.takenAt)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-ink-soft">{copy.restoreHint}</p>
    </div>
  );
}
