// Bench, disk part: does the embedded database stay bounded? BENCH_DISK_LEADS (50,000) leads at 64 connections into
// a fresh PGlite DATA_DIR (with their notifications, mailed to a local sink), the server stopped, then the scheduled
// maintenance run as the schedule would run it (./maintain-database.ts, the real jobs). Target: DATA_DIR no more than
// 3× the live table data (tables, indexes and TOAST as VACUUM FULL compacts them).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exited, freePort, freshDatabase, root, startServer, waitHealthy } from '../lib/harness.mjs';
import { directorySize, MB, noneShort, postLeads, printRows, siteEnv, startSmtpSink } from './server-common.mjs';

const LEADS = Number(process.env.BENCH_DISK_LEADS ?? 50_000);
const TARGET_RATIO = 3;

export async function benchDisk(log) {
  const database = await freshDatabase('pglite', 'bench_disk');
  const smtp = await startSmtpSink();
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, { ...database.env, ...siteEnv(smtp) }, path.join(database.work, 'server.log'));
  try {
    await waitHealthy(base, server);
    await sleep(2_000);
    const started = Date.now();
    const load = await postLeads(`${base}/api/interest`, { amount: LEADS, runId: database.runId, label: 'Disk' });
    log(`disk: ${LEADS} leads in ${Math.round((Date.now() - started) / 1000)} s (${JSON.stringify(load)})`);
    await sleep(5_000); // the last notifications go out
    server.kill('SIGTERM');
    await exited(server);
    const dataDir = database.env.DATA_DIR;
    const afterLoad = directorySize(dataDir);
    const maintained = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'maintain-database.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    if (maintained.status !== 0) throw new Error(`maintenance failed: ${maintained.stderr}`);
    const sizes = JSON.parse(maintained.stdout.trim().split('\n').at(-1));
    const ratio = Math.round((sizes.dataDirBytes / sizes.liveTableBytes) * 100) / 100;
    const mb = (bytes) => `${Math.round(bytes / MB)} MB`;
    const result = {
      leads: LEADS,
      failures: load.failures,
      dataDirAfterLoadMB: Math.round(afterLoad / MB),
      dataDirAfterMaintenanceMB: Math.round(sizes.dataDirBytes / MB),
      tablesMB: Math.round(sizes.tableBytes / MB),
      liveTablesMB: Math.round(sizes.liveTableBytes / MB),
      maintenanceMs: sizes.maintenanceMs,
      ratio,
    };
    const rows = [
      {
        driver: 'pglite',
        figure: `DATA_DIR after ${LEADS.toLocaleString('en')} leads (server stopped)`,
        value: mb(afterLoad),
        target: '(reported)',
      },
      {
        driver: 'pglite',
        figure: `DATA_DIR after the scheduled maintenance (${sizes.jobs.join(', ')}: ${sizes.maintenanceMs} ms)`,
        value: mb(sizes.dataDirBytes),
        target: '(reported)',
      },
      {
        driver: 'pglite',
        figure: 'tables with indexes, as they are / live (VACUUM FULL)',
        value: `${mb(sizes.tableBytes)} / ${mb(sizes.liveTableBytes)}`,
        target: '(reported)',
      },
      {
        driver: 'pglite',
        figure: 'DATA_DIR ÷ live table data',
        value: `${ratio}×`,
        target: `≤ ${TARGET_RATIO}×`,
        pass: ratio <= TARGET_RATIO && load.failures === 0,
      },
    ];
    printRows('Disk: the embedded database after a load and its scheduled maintenance', rows);
    return { ...result, rows, pass: noneShort(rows) };
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await smtp.stop();
    await database.dispose();
  }
}
