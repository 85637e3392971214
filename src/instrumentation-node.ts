/**
 * Server start-up on the Node.js runtime (loaded by src/instrumentation.ts, never during `next build`):
 * validates the environment, so a bad value stops the server with a clear message, and opens + migrates the
 * database so the first visitor does not wait.
 */
import { getEnv } from './lib/env.server';
import { getDatabase } from './lib/db/client';
import { closeDatabaseOnShutdown } from './lib/db/shutdown';

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  closeDatabaseOnShutdown();
  try {
    const handle = await getDatabase();
    console.log(`[db] ${handle.kind} database ready`);
    // Staff area: the first owner from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account exists yet.
    const { ensureFirstOwner } = await import('./features/staff/bootstrap.server');
    await ensureFirstOwner(handle.db).catch((error) => console.error('[staff] could not create the first owner:', error instanceof Error ? error.message : error));
  } catch (error) {
    // A held lock must stop this process: a second server on one DATA_DIR would destroy data.
    if (error instanceof Error && error.name === 'DatabaseLockedError') {
      console.error(`[db] ${error.message}`);
      process.exit(1);
    }
    // PostgreSQL may come up later: keep serving; /api/health answers 503 and each request retries the connection.
    console.error('[db] could not open the database at start-up:', error instanceof Error ? error.message : error);
  }
}
