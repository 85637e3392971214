// The system module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { alertOwnersOfFlood, channelCheckJob, ownerAlertSenders, startOwnerAlertWorkers } from './alerts.server';
export { downloadBackupHandler, listBackupsHandler, takeBackupHandler } from './backups/handlers.server';
export { recordFirstStart } from './channel-status.server';
export { healthResponse } from './health.server';
export { metricsResponse } from './metrics.server';
export { retentionJob } from './retention.server';
export { systemStatus } from './status.server';
