import { dashboardHandler } from '@/features/leads-admin/handlers.server';

export const dynamic = 'force-dynamic';
export const GET = dashboardHandler;
