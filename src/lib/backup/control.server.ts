import 'server-only';
import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import type { DatabaseHandle } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { describeBackup, takeBackup, type BackupReport } from './backup.server';

/**
 * How `npm run backup` asks the running server for a backup of the embedded database, which only the server may open
 * (docs/decisions/0111-backups-while-the-site-runs.md): HTTP over a Unix socket in DATA_DIR/run/, a directory only
 * the site's user can enter. Local and authenticated by the file system; never reachable from the network.
 */

export const controlSocket = (dataDir: string) => path.join(path.resolve(dataDir), 'run', 'control.sock');

/** Serves backups on the control socket while the server runs (the server holds the data directory's lock). */
export async function startBackupControl(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const socket = controlSocket(dataDir);
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  // A socket file left by a server that was killed: ours now, as we hold the lock.
  await unlink(socket).catch(() => {});
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found.' }));
      return;
    }
    takeBackup(handle).then(
      (report) => {
        console.log(`[backup] ${describeBackup(report)} (asked by npm run backup)`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report));
      },
      (error) => {
        logError('[backup] failed', error);
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error?.message ?? error) }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  server.unref();
  await chmod(socket, 0o600);
}

/** Asks the server running on `dataDir` for a backup; undefined when no server is listening there. */
export function backupThroughServer(dataDir: string): Promise<BackupReport | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), path: '/backup', method: 'POST' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        try {
          const parsed = JSON.parse(body);
          if (res.statusCode !== 200) return reject(new Error(`The server could not take the backup: ${parsed.error}`));
          resolve({ ...parsed, file: { ...parsed.file, takenAt: new Date(parsed.file.takenAt) } });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}
