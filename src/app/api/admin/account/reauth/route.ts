import { reauthHandler } from '@/features/staff/account-handlers.server';

export const dynamic = 'force-dynamic';
export const POST = reauthHandler;
