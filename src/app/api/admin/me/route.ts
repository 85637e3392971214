import { meHandler } from '@/features/staff/admin-handlers.server';

export const dynamic = 'force-dynamic';
export const GET = meHandler;
