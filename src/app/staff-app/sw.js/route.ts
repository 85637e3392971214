import { workerResponse } from '@/modules/staff/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** The staff app's service worker, registered by the staff and sign-in pages for /admin only (docs/decisions/0360). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: async () => workerResponse() });
