import { plotCountsHandler } from '@/modules/plots/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** GET /api/plots/counts: each district's plots available now, for the line on the prerendered pages (decision 0412). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: plotCountsHandler });
