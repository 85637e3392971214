import { routeMethods } from '@/lib/http/response.server';
import { metricsResponse } from '@/modules/system/server';

export const dynamic = 'force-dynamic';

/** Prometheus scrapes this with METRICS_TOKEN (docs/decisions/0112-health-metrics-and-owner-alerts.md). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: (request: Request) => metricsResponse(request) });
