import { discardHeldHandler, releaseHeldHandler } from '@/modules/leads/staff/held-handlers.server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: releaseHeldHandler, DELETE: discardHeldHandler });
