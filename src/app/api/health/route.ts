import { routeMethods } from '@/lib/http/response.server';
import { healthResponse } from '@/modules/system/server';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: (request?: Request) => healthResponse(request) });
