import 'server-only';
import { appendFile, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { backupDir } from './files.server';

/**
 * The ledger: events after a backup that a restore must not undo, kept outside the database beside the backups
 * (docs/decisions/0111-backups-while-the-site-runs.md). Which events there are, and what a restore does with each, is
 * src/lib/backup/restore-ledger.server.ts's; here only how they are kept: one JSON line per event, in a file per UTC day
 * (appends from several instances never rewrite a file; old days are deleted with the backups they could apply to).
 */

/** An event: its kind, when it happened (ISO; its day names the file), and what the kind carries. */
export interface LedgerEntry {
  kind: string;
  at: string;
}

export const ledgerDir = (dir = backupDir()) => path.join(dir, 'ledger');
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** Appends events (none: nothing); `durable` waits until they are on disk (an erasure must survive a crash right after it). */
export async function appendLedger(
  entries: LedgerEntry | readonly LedgerEntry[],
  { dir = ledgerDir(), durable = false } = {},
): Promise<void> {
  const byDay = new Map<string, string>();
  for (const entry of [entries].flat()) {
    const day = entry.at.slice(0, 10);
    byDay.set(day, `${byDay.get(day) ?? ''}${JSON.stringify(entry)}\n`);
  }
  if (!byDay.size) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const [day, lines] of byDay) {
    const file = path.join(dir, `${day}.jsonl`);
    if (!durable) {
      await appendFile(file, lines, { mode: 0o600 });
      continue;
    }
    const handle = await open(file, 'a', 0o600);
    try {
      await handle.appendFile(lines);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/** Every event recorded in `dir`, oldest day first, as the kind's owner wrote it; a line cut short by a crash is skipped. */
export async function readLedger<Entry extends LedgerEntry = LedgerEntry>(dir = ledgerDir()): Promise<Entry[]> {
  const names = await readdir(/*turbopackIgnore: true*/ dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const entries: Entry[] = [];
  for (const name of names.filter((n) => DAY_FILE.test(n)).sort()) {
    for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as Entry);
      } catch {
        /* the last line of a file a crash cut short */
      }
    }
  }
  return entries;
}

/** Deletes the days older than the oldest backup could be (`keepDays` + 1, as a day file holds a whole day). */
export async function pruneLedger(keepDays: number, now = new Date(), dir = ledgerDir()): Promise<void> {
  const oldest = new Date(now.getTime() - (keepDays + 1) * 86_400_000).toISOString().slice(0, 10);
  for (const name of await readdir(/*turbopackIgnore: true*/ dir).catch(() => [] as string[])) {
    const day = DAY_FILE.exec(name)?.[1];
    if (day && day < oldest) await unlink(path.join(dir, name));
  }
}
