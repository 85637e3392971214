import { renewRecoveryCodesHandler } from '@/features/staff/account-handlers.server';

export const dynamic = 'force-dynamic';
export const POST = renewRecoveryCodesHandler;
