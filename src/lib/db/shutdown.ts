import { getEnv } from '../env.server';
import { logError } from '../log';
import { closeDatabase } from './client';

let registered = false;
const beforeClose = new Set<() => Promise<void>>();

/** Work to finish before the database closes at shutdown (the visit counter's last write), within its grace period. */
export function beforeDatabaseCloses(task: () => Promise<void>): () => void {
  beforeClose.add(task);
  return () => beforeClose.delete(task);
}

/**
 * Close the database cleanly on SIGTERM/SIGINT, once. The server (server.mjs, like `next start`) handles these
 * signals itself: it stops accepting connections, lets running requests finish, then calls process.exit. We close the database at that
 * exit (after the requests that need it have finished), and exit ourselves after a grace period if nobody does.
 */
export function closeDatabaseOnShutdown(): void {
  if (registered) return;
  registered = true;
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const code = signal === 'SIGINT' ? 130 : 143;
    const realExit = process.exit.bind(process);
    let exiting = false;
    const closeThenExit = (exitCode?: number | string | null) => {
      if (exiting) return undefined as never;
      exiting = true;
      const hardStop = setTimeout(() => realExit(exitCode ?? code), 5_000);
      hardStop.unref();
      Promise.allSettled([...beforeClose].map((task) => task()))
        .then(() => closeDatabase())
        .catch((error) => logError('[db] error while closing', error))
        .finally(() => realExit(exitCode ?? code));
      return undefined as never;
    };
    process.exit = closeThenExit as typeof process.exit;
    // If the host does not exit by itself (no other handler), close and exit after the requests had time to end,
    // counted from the end of the server's drain (serving/server.mjs: it keeps serving that long after the signal).
    const drainMs = drainSeconds() * 1000;
    if (process.listenerCount(signal) > 0) setTimeout(() => closeThenExit(code), drainMs + 10_000);
    else closeThenExit(code);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** SHUTDOWN_DRAIN_SECONDS; a process whose settings were never checked (a script) does not drain. */
function drainSeconds(): number {
  try {
    return getEnv().SHUTDOWN_DRAIN_SECONDS;
  } catch {
    return 0;
  }
}
