import { privacyExportGetHandler, privacyExportHandler } from '@/features/privacy/handlers.server';

export const dynamic = 'force-dynamic';
export const POST = privacyExportHandler;
export const GET = privacyExportGetHandler;
