/**
 * Server start-up on the Node.js runtime (loaded by src/instrumentation.ts, never during `next build`):
 * validates the environment, so a bad value stops the server with a clear message, and opens + migrates the
 * database so the first visitor does not wait.
 */
import path from 'node:path';
import { getEnv } from './lib/env.server';
import { getDatabase } from './lib/db/client';
import { databaseMaintenance } from './lib/db/maintenance';
import { schedule } from './lib/jobs/queue';
import { closeDatabaseOnShutdown } from './lib/db/shutdown';
import { logError } from './lib/log';
import { localOrigin, SOCKET_HOP_MARKER } from './lib/server-hand-over.mjs';

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (process.env.NODE_ENV === 'production' && !process.env[SOCKET_HOP_MARKER]) {
    console.warn(
      '[http] started without server.mjs (`npm start`): X-Forwarded-For is then whatever the client sent, so per-client limits can be dodged. Start the site with `npm start` or `node server.mjs`.',
    );
  }
  closeDatabaseOnShutdown();
  try {
    const handle = await getDatabase();
    const env = getEnv();
    const where = handle.kind === 'pglite' ? ` in ${path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR)}` : ' (DATABASE_URL)';
    console.log(`[db] ${handle.kind} database ready${where}; durability: ${handle.durability}`);
    if (!env.SMTP_URL) {
      const { outboxMailDir } = await import('./lib/mail/mailer.server');
      console.log(`[mail] no SMTP_URL: every e-mail (sales alerts, receipts, staff links) is kept as an .eml file in ${outboxMailDir()}`);
    }
    // What pages read but never write (docs/decisions/0405): the stored secrets, and the inspection slots of the
    // schedule (then hourly, by the job below), so a fresh install's booking page offers INSPECTION_SCHEDULE at once.
    const { makeStoredSecrets } = await import('./lib/db/secrets.server');
    await makeStoredSecrets(handle.db).catch((error) => logError('[db] could not make the stored secrets', error));
    const { makeScheduledSlots } = await import('@/modules/inspections/server');
    await makeScheduledSlots(handle.db).catch((error) => logError('[inspections] could not make the inspection slots', error));
    // Staff area: the first owner from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account exists yet, else the set-up
    // code of the first owner's page; second-factor secrets sealed with an older key (0346, SECRETS_KEY_PREVIOUS).
    const { announceFirstRun, ensureFirstOwner, resealAtStart } = await import('@/modules/staff/server');
    await ensureFirstOwner(handle.db).catch((error) => logError('[staff] could not create the first owner', error));
    const origin = env.SITE_URL?.replace(/\/+$/, '') ?? localOrigin(env.HOST, env.PORT);
    await announceFirstRun(handle.db, origin).catch((error) => logError("[staff] could not make the first owner's set-up code", error));
    await resealAtStart(handle.db).catch((error) => logError('[staff] could not seal second-factor secrets anew', error));
    // `npm run backup` asks the server that owns the embedded database (src/lib/backup/control.server.ts).
    if (handle.kind === 'pglite') {
      const { startBackupControl } = await import('./lib/backup/control.server');
      await startBackupControl(handle, getEnv().DATA_DIR).catch((error) =>
        logError('[backup] no control socket: npm run backup will fail', error),
      );
    }
    // Visits the server noted (serving/visits.mjs), written every few seconds (docs/decisions/0350).
    const { startVisitCounter } = await import('@/modules/visits/server');
    const siteUrl = getEnv().SITE_URL;
    startVisitCounter(handle.db, { trustProxy: getEnv().TRUST_PROXY, ownHosts: siteUrl ? [new URL(siteUrl).hostname] : [] });
    void startBackgroundWorkWhenReady();
  } catch (error) {
    // A held lock must stop this process: a second server on one DATA_DIR would destroy data. So must a database a
    // newer release migrated: this release may not understand its schema.
    if (error instanceof Error && (error.name === 'DatabaseLockedError' || error.name === 'NewerSchemaError')) {
      console.error(`[db] ${error.message}`);
      process.exit(1);
    }
    // PostgreSQL may come up later: keep serving; /api/health answers 503 and each request retries the connection.
    logError('[db] could not open the database at start-up', error);
  }
}

/**
 * One worker per server process: the notification and newsletter handlers and the periodic jobs (data retention,
 * embedded-database maintenance). A database that is down at start-up is tried again every 30 s, so notifications
 * start flowing as soon as it answers.
 */
async function startBackgroundWorkWhenReady(): Promise<void> {
  for (;;) {
    try {
      const handle = await getDatabase();
      const { startNotificationWorkers } = await import('@/modules/leads/server');
      const { bookingSenders } = await import('@/modules/inspections/server');
      const { instalmentSenders, receiptSenders } = await import('@/modules/payments/server');
      const { plotSenders } = await import('@/modules/plots/server');
      const { ownerAlertSenders } = await import('@/modules/system/server');
      const { newsletterSenders } = await import('@/modules/newsletter/server');
      const { buyerSenders } = await import('@/modules/buyers/server');
      // The one outbox's worker, with every capability's sender (docs/decisions/0410).
      await startNotificationWorkers(handle, {
        ...bookingSenders(),
        ...plotSenders(),
        ...receiptSenders(),
        ...instalmentSenders(),
        ...ownerAlertSenders(),
        ...newsletterSenders(),
        ...buyerSenders(),
      });
      const { startNewsletterWorkers } = await import('@/modules/newsletter/server');
      await startNewsletterWorkers(handle);
      const { startPlotMessageWorkers } = await import('@/modules/plots/server');
      await startPlotMessageWorkers(handle);
      const { startPaymentWorkers } = await import('@/modules/payments/server');
      await startPaymentWorkers(handle);
      const { startOwnerAlertWorkers } = await import('@/modules/system/server');
      await startOwnerAlertWorkers(handle);
      const { retentionJob } = await import('@/modules/system/server');
      const { overdueCheckJob } = await import('@/modules/leads/server');
      const { handOverCheckJob } = await import('@/modules/leads/server');
      const { inspectionSlotsJob } = await import('@/modules/inspections/server');
      const { plotHoldsLapseJob } = await import('@/modules/plots/server');
      const { instalmentRemindersJob, paymentRecheckJob } = await import('@/modules/payments/server');
      const { documentLettersJob, lateDocumentsJob } = await import('@/modules/documents/server');
      const boss = await handle.jobs();
      const { nightlyBackupJob } = await import('./lib/backup/backup.server');
      for (const job of [
        ...databaseMaintenance(handle),
        retentionJob(handle),
        overdueCheckJob(handle),
        handOverCheckJob(handle),
        inspectionSlotsJob(handle),
        plotHoldsLapseJob(handle),
        instalmentRemindersJob(handle),
        paymentRecheckJob(handle),
        lateDocumentsJob(handle),
        documentLettersJob(handle),
        nightlyBackupJob(handle),
      ]) {
        await schedule(boss, job);
      }
      // Owners hear of a channel failing for 10 minutes; backups count as expected a day after the first start (0112).
      const { channelCheckJob } = await import('@/modules/system/server');
      await schedule(boss, channelCheckJob(handle));
      const { recordFirstStart } = await import('@/modules/system/server');
      await recordFirstStart(handle.db).catch((error) => logError('[ops] could not record the first start', error));
      console.log('[jobs] notification and newsletter workers and scheduled jobs started');
      return;
    } catch (error) {
      logError('[jobs] could not start the job queue, trying again in 30 s', error);
      await new Promise((resolve) => setTimeout(resolve, 30_000).unref());
    }
  }
}
