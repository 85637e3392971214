import { createStaffHandler, listStaffHandler } from '@/features/staff/admin-handlers.server';

export const dynamic = 'force-dynamic';
export const GET = listStaffHandler;
export const POST = createStaffHandler;
