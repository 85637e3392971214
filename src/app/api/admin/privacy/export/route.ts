import { privacyExportHandler } from '@/features/privacy/handlers.server';

export const dynamic = 'force-dynamic';
export const GET = privacyExportHandler;
