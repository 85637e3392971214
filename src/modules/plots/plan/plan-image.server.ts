import 'server-only';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_COPY } from '@/content/plots';
import { getDatabase } from '@/lib/db/client';
import { errorResponse, unavailableResponse } from '@/lib/http/response.server';
import { publicPlotsOfDistrict } from '../plots.repository.server';
import { planSvg } from './plan-svg';

/**
 * GET /api/plots/<district>/plan.svg (docs/decisions/0412): the district's live plan as an image, so the prerendered
 * district page shows live availability without scripts. Cached 5 s by browsers and any cache in front, like the
 * counts, so a sale shows within 5 s and a burst of views costs one query per 5 s per cache. Nothing personal in it.
 */
export async function planImageHandler(_request: Request, { params }: { params: Promise<{ district: string }> }): Promise<Response> {
  const { district: slug } = await params;
  const district = DISTRICTS.find((d) => d.slug === slug);
  if (!district) return errorResponse(404, PLOTS_COPY.planImage.unknownDistrict);
  try {
    const { db } = await getDatabase();
    const plots = await publicPlotsOfDistrict(db, district.choice, new Date());
    return new Response(planSvg(plots, district.name), {
      headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=5' },
    });
  } catch {
    return unavailableResponse(PLOTS_COPY.openingSoon);
  }
}
