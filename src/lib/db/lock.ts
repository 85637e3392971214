import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Exclusive single-owner lock on an embedded database directory (see docs/decisions/0103-embedded-db-lock.md).
 * PGlite has no locking of its own, and two processes writing one directory destroy data, so the process that
 * opens DATA_DIR first creates `<dir>.lock` atomically (O_EXCL) holding its PID and host. A lock left by a PID
 * that no longer runs on this host is recovered; a live one makes the second process refuse with a clear message.
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
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pid, host] = readFileSync(lockPath, 'utf8').trim().split(/\s+/);
    return { pid: Number(pid), host: host ?? '' };
  } catch {
    return undefined;
  }
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
      writeSync(fd, `${process.pid} ${hostname()}\n`);
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
    const stale = sameHost && (!isAlive(owner.pid) || (owner.pid === process.pid && !heldHere.has(lockPath)));
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
