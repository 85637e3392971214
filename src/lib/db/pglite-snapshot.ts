import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { childProcessEnv } from '../child-env.mjs';

/**
 * A copy of PGlite's data directory as a gzipped tar, streamed (docs/decisions/0421): the files are copied beside it
 * while no statement runs (`exclusive`: the one connection's gate; a reflink where the file system has them), and
 * the copy is packed by tar and gzip in a child process, so the server's memory does not grow with the database
 * (PGlite's dumpDataDir built the whole archive in memory: 985 MB resident for 100,000 leads). The archive is the one
 * dumpDataDir made (ustar, paths relative to the data directory), which PGlite's loadDataDir reads back.
 */
export async function streamDataDir(
  dataDir: string,
  exclusive: <T>(call: () => Promise<T>, what?: string) => Promise<T>,
): Promise<Readable> {
  const copy = path.join(path.dirname(dataDir), `snapshot-${process.pid}-${Date.now().toString(36)}`);
  const dispose = () => rm(copy, { recursive: true, force: true });
  try {
    await exclusive(
      () => cp(dataDir, copy, { recursive: true, mode: constants.COPYFILE_FICLONE }),
      'the backup’s copy of the data directory',
    );
    const entries = await readdir(copy);
    const tar = spawn('tar', ['--format=ustar', '-C', copy, '-czf', '-', '--', ...entries], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childProcessEnv() as NodeJS.ProcessEnv,
    });
    const out = new PassThrough();
    let stderr = '';
    tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    tar.stdout.pipe(out, { end: false });
    // The stream ends once the copy is gone.
    const finish = (error?: Error) => void dispose().finally(() => (error ? out.destroy(error) : out.end()));
    tar.on('error', finish);
    tar.on('close', (code) => (code === 0 ? finish() : finish(new Error(`tar failed (exit ${code}): ${stderr.trim()}`))));
    // A reader that gives up (a failed write of the archive) stops tar and removes the copy.
    out.on('close', () => tar.exitCode === null && tar.kill());
    return out;
  } catch (error) {
    await dispose();
    throw error;
  }
}
