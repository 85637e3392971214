import { resendHandler } from '@/features/notifications/handlers.server';

export const dynamic = 'force-dynamic';
export const POST = resendHandler;
