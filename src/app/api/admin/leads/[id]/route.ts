import { getLeadHandler, patchLeadHandler } from '@/features/leads-admin/handlers.server';

export const dynamic = 'force-dynamic';
export const GET = getLeadHandler;
export const PATCH = patchLeadHandler;
