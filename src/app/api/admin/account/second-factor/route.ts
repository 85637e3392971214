import { enrolSecondFactorHandler, removeSecondFactorHandler } from '@/features/staff/account-handlers.server';

export const dynamic = 'force-dynamic';
export const POST = enrolSecondFactorHandler;
export const DELETE = removeSecondFactorHandler;
