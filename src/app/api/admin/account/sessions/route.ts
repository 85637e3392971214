import { endSessionsHandler, listSessionsHandler } from '@/modules/staff/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: listSessionsHandler, POST: endSessionsHandler });
