import 'server-only';
import type { ComponentType, ReactNode } from 'react';
import { cookies } from 'next/headers';
import { STAFF_COPY } from '@/content/staff';
import { backupInProgress, listBackups } from '@/lib/backup/files.server';
import { backupDownload, STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { formatBytes, formatDateTime } from '@/lib/format';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { readCounters } from '@/lib/http/rate-limit.server';
import { BACKUPS_BY_HAND_PER_HOUR, backupsByHand } from './limits.server';
import { TakeBackupButton } from './TakeBackupButton';

const copy = STAFF_COPY.backups;

/** The staff area's link to a download that needs the password typed recently (the System page hands it in). */
export type DownloadLinkComponent = ComponentType<{ download: { file: string; page: string }; className?: string; children: ReactNode }>;

/**
 * Why "take a backup now" would be refused now, or undefined: the refusal of the last script-less post, a backup being
 * written, or the hourly limit reached (docs/decisions/0385-backups-and-secrets-round-3.md).
 */
async function takeNowNotice(db: Db): Promise<string | undefined> {
  const flash = await openFormFlash(db, (await cookies()).get(STAFF_FORM_FLASH_COOKIE)?.value);
  if (flash?.error) return flash.error;
  if (await backupInProgress()) return copy.running;
  const [reading] = await readCounters(db, [backupsByHand]);
  if (!reading.allowed) return copy.limit(BACKUPS_BY_HAND_PER_HOUR, Math.ceil(reading.retryAfterSeconds / 60));
  return undefined;
}

/**
 * The System page's backups (owners), inside its Backups card: the files, newest first, each a download link (an
 * encrypted file only; a plain one says how to fetch it from the server), and "take a backup now" as a plain form, so
 * both work before any script has arrived. Both ask for the password when it was not typed recently.
 */
export async function BackupsPanel({ db, DownloadLink }: { db: Db; DownloadLink: DownloadLinkComponent }) {
  const env = getEnv();
  const [backups, notice] = await Promise.all([listBackups(), takeNowNotice(db)]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="max-w-2xl text-sm text-ink-soft">{copy.intro(env.BACKUP_RETENTION, Boolean(env.BACKUP_KEY))}</p>
        <TakeBackupButton action="/api/admin/backups" />
      </div>
      {notice ? (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="backup-notice">
          {notice}
        </p>
      ) : null}
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
                {backup.encrypted ? null : <p className="text-xs text-amber-900">{copy.plain}</p>}
              </div>
              {backup.encrypted ? (
                <DownloadLink
                  download={backupDownload(backup.name)}
                  className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-700"
                >
                  {copy.download}
                  <span className="sr-only"> {formatDateTime(backup.takenAt)}</span>
                </DownloadLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-ink-soft">{copy.restoreHint}</p>
    </div>
  );
}
