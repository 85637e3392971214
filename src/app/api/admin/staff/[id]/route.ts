import { updateStaffHandler } from '@/features/staff/admin-handlers.server';

export const dynamic = 'force-dynamic';
export const PATCH = updateStaffHandler;
