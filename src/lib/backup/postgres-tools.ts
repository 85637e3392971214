import { spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { childProcessEnv } from '../child-env.mjs';

/**
 * Debian's pg_dump and pg_restore (package postgresql-client) for backups of PostgreSQL. Not server-only: the database
 * module (src/lib/db/client.ts), which scripts load outside Next.js, starts pg_dump for a snapshot. The password goes to the
 * child through the environment (PGPASSWORD), never on its command line, where `ps` would show it.
 */

/** libpq's environment for a postgres:// URL. */
export function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * The child's environment: the allow-list (PATH, the language of messages) and the libpq settings of the URL, nothing
 * of the server's secrets and no libpq variable of the server's own (a PGSERVICE would override the URL).
 */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return childProcessEnv(env) as NodeJS.ProcessEnv;
}

const missingTool = (tool: string) =>
  new Error(
    `${tool} was not found: install Debian's postgresql-client (apt-get install postgresql-client), of the server's major version or newer.`,
  );

/** A pg_dump of the whole database in its custom format (compressed; read by pg_restore), as a stream. */
export function pgDump(url: string): Readable {
  const out = new PassThrough();
  const child = spawn('pg_dump', ['--format=custom', '--compress=6', '--no-owner', '--no-privileges'], {
    env: childEnv(libpqEnv(url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // The stream ends only once pg_dump has said it succeeded: a dump cut short must fail, not be kept as a backup.
  child.stdout.pipe(out, { end: false });
  child.on('error', (error: NodeJS.ErrnoException) => out.destroy(error.code === 'ENOENT' ? missingTool('pg_dump') : error));
  child.on('close', (code) => {
    if (code === 0) out.end();
    else out.destroy(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
  });
  return out;
}

/** Restores a pg_dump custom-format file into the (empty) database of `url`, all or nothing. */
export function pgRestore(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = libpqEnv(url);
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', env.PGDATABASE, file];
    const child = spawn('pg_restore', args, {
      env: childEnv(env),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missingTool('pg_restore') : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}): ${stderr.trim()}`))));
  });
}
