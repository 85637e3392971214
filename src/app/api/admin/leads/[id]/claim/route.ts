import { claimLeadHandler } from '@/modules/leads/staff/claim-handler.server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: claimLeadHandler });
