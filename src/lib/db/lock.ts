import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Exclusive single-owner lock on an embedded database directory (see docs/decisions/0103-embedded-db-lock.md).
 * PGlite has no locking of its own, and two processes writing one directory destroy data, so the process that
 * opens DATA_DIR first creates `<dir>.lock` atomically (O_EXCL) holding its PID, host, boot and start time. A lock
 * whose holder is gone is recovered: its PID no longer runs, is a zombie (killed, not yet reaped), or now belongs to
 * another process (started at another time, or before a reboot). A live holder makes the second process refuse with
 * a clear message.
 */

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
    readonly ownerHost: string,
  ) {
    super(
      `The embedded database is in use by another process (PID ${ownerPid} on ${ownerHost}); lock file ${lockPath}. ` +
        'Only one server may open DATA_DIR at a time: stop the other server first, point DATA_DIR elsewhere, ' +
        'or set DATABASE_URL to share a PostgreSQL server between several instances. ' +
        'If no such process runs, delete the lock file.',
    );
    this.name = 'DatabaseLockedError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
  /** Linux's boot id when the lock was taken; '-' where unknown (and in locks written before it was recorded). */
  boot: string;
  /** The holder's start time (clock ticks after boot, /proc/<pid>/stat); '-' where unknown. */
  start: string;
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pid, host, boot, start] = readFileSync(lockPath, 'utf8').trim().split(/\s+/);
    return { pid: Number(pid), host: host ?? '', boot: boot ?? '-', start: start ?? '-' };
  } catch {
    return undefined;
  }
}

/** This boot of the machine (Linux), so a lock from before a reboot is known for what it is. */
function currentBoot(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || '-';
  } catch {
    return '-';
  }
}

/** A process as Linux shows it: its state letter (Z: a zombie) and start time; undefined without /proc or the PID. */
export function processIdentity(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the fields after it begin past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] }; // fields 3 and 22 of proc(5)
  } catch {
    return undefined;
  }
}

/** The line a lock file holds: the process that takes it, who it is, and when and on which boot it started. */
export function lockLine(pid: number = process.pid): string {
  return `${pid} ${hostname()} ${currentBoot()} ${processIdentity(pid)?.start ?? '-'}\n`;
}

/** Whether the lock's holder still runs: the same process, not merely the same PID. */
function holderRuns(owner: LockOwner): boolean {
  if (owner.boot !== '-' && currentBoot() !== '-' && owner.boot !== currentBoot()) return false; // rebooted since
  if (!isAlive(owner.pid)) return false;
  const now = processIdentity(owner.pid);
  if (!now) return true; // no /proc to ask: alive is all we know
  if (now.state === 'Z' || now.state === 'X') return false; // killed, waiting to be reaped
  return owner.start === '-' || owner.start === now.start;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx', 0o644);
    try {
      writeSync(fd, lockLine());
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A lock written by an earlier process with our own PID (PID reuse after kill -9, e.g. PID 1 in a container). */
const heldHere = new Set<string>();

export interface HeldLock {
  path: string;
  release(): void;
}

export function acquireDirectoryLock(lockPath: string): HeldLock {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) {
      heldHere.add(lockPath);
      return { path: lockPath, release: () => releaseDirectoryLock(lockPath) };
    }
    const owner = readOwner(lockPath);
    if (!owner) continue; // removed meanwhile, or being written: try again
    const sameHost = owner.host === hostname();
    const stale = sameHost && (!holderRuns(owner) || (owner.pid === process.pid && !heldHere.has(lockPath)));
    if (!stale) throw new DatabaseLockedError(lockPath, owner.pid, owner.host || 'unknown host');
    recoverStale(lockPath, owner);
  }
  throw new Error(`Could not take the database lock ${lockPath}: it kept changing hands.`);
}

/** Removes a stale lock, guarded by a short-lived takeover file so two recovering processes cannot both win. */
function recoverStale(lockPath: string, seen: LockOwner): void {
  const takeover = `${lockPath}.takeover`;
  if (!tryCreate(takeover)) {
    // Another process is recovering; a takeover file older than 10 s is itself stale.
    try {
      if (Date.now() - statSync(takeover).mtimeMs > 10_000) unlinkSync(takeover);
    } catch {
      /* gone already */
    }
    return;
  }
  try {
    const now = readOwner(lockPath);
    if (now && now.pid === seen.pid && now.host === seen.host) unlinkSync(lockPath);
  } finally {
    try {
      unlinkSync(takeover);
    } catch {
      /* ignore */
    }
  }
}

export function releaseDirectoryLock(lockPath: string): void {
  if (!heldHere.has(lockPath)) return;
  heldHere.delete(lockPath);
  const owner = readOwner(lockPath);
  if (owner && owner.pid === process.pid && owner.host === hostname()) {
    try {
      unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  }
}
