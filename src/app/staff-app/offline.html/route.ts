import { offlineResponse } from '@/modules/staff/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** The page the staff app's worker keeps for a phone without a connection (docs/decisions/0360). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: async () => offlineResponse() });
