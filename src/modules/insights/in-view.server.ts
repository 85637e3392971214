import 'server-only';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DistrictChoice } from '@/lib/db/enums';
import { leads } from '@/lib/db/schema';
import { lagosDayStart } from '@/lib/working-time';

/** The leads a figure counts: those that arrived on the Lagos days `from` to `to` (YYYY-MM-DD), in the district if one is given. */
export interface DashboardRange {
  district?: DistrictChoice;
  from: string;
  to: string;
}

/** The leads every figure counts: the inbox's (no spam, none held), arrived on the Lagos days of the range, in the district. */
export function inView(filters: DashboardRange): SQL {
  return and(
    eq(leads.spam, false),
    sql`${leads.status} <> 'spam'`,
    gte(leads.createdAt, lagosDayStart(filters.from)),
    lt(leads.createdAt, lagosDayStart(filters.to, 1)),
    filters.district ? eq(leads.district, filters.district) : undefined,
  )!;
}
