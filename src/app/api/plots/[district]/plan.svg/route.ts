import { planImageHandler } from '@/modules/plots/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** GET /api/plots/<district>/plan.svg: the district's live site plan as an image, cached 5 s (decision 0412). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: planImageHandler });
