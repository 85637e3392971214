// The privacy module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { eraseRecords } from './erasure.server';
export { privacyEraseHandler, privacyExportGetHandler, privacyExportHandler } from './handlers.server';
export { eraseAgain } from './repository.server';
