import 'server-only';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_COPY } from '@/content/plots';
import { getDatabase, type Db } from '@/lib/db/client';
import { jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { plotCountsByDistrict } from './plots.repository.server';

/** GET /api/plots/counts: each district's plots on the plan and free now, with the line to show (nothing personal). */
export async function publicPlotCounts(db: Db, now = new Date()) {
  const counts = await plotCountsByDistrict(db, now);
  return {
    districts: Object.fromEntries(
      DISTRICTS.map((district) => {
        const c = counts.get(district.choice) ?? { total: 0, available: 0 };
        return [district.slug, { ...c, text: c.total ? PLOTS_COPY.counts(c.available, c.total) : PLOTS_COPY.openingSoon }];
      }),
    ),
    openingSoon: PLOTS_COPY.openingSoon,
  };
}

/** The route's handler: JSON cached 5 s by browsers and any cache in front, so a burst of page views costs one query per 5 s per cache. */
export async function plotCountsHandler(): Promise<Response> {
  try {
    const { db } = await getDatabase();
    return jsonResponse(await publicPlotCounts(db), 200, { 'Cache-Control': 'public, max-age=5' });
  } catch {
    return unavailableResponse(PLOTS_COPY.openingSoon);
  }
}
