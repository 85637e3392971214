// The privacy module's server entry: what other modules and routes may call of it on the server.
import 'server-only';

export { eraseRecords } from './erasure.server';
export { privacyEraseHandler, privacyExportGetHandler, privacyExportHandler } from './handlers.server';
