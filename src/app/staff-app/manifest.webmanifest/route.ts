import { manifestResponse } from '@/modules/staff/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** The staff app's web app manifest, linked from the staff and sign-in pages only (docs/decisions/0361). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: async () => manifestResponse() });
