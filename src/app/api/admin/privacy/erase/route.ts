import { privacyEraseHandler } from '@/features/privacy/handlers.server';

export const dynamic = 'force-dynamic';
export const POST = privacyEraseHandler;
