import 'server-only';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { NotificationChannel } from '@/lib/db/enums';

/**
 * This process's Prometheus registry (prom-client) and what only this process can count: public form requests by
 * outcome (refusals by reason) and their latency, and the submit-to-delivered time of each message it delivered;
 * Prometheus adds instances up. GET /metrics (src/modules/system/metrics.server.ts) adds the figures read from the
 * database and answers the scrape. Labels are closed sets (form, outcome, channel): never anything a visitor typed.
 */

/** Why a public form request was refused, or `accepted` (stored, or a repeat answered with the stored lead). */
export type FormOutcome = 'accepted' | 'invalid' | 'too_large' | 'unsupported_type' | 'rate_limited_client' | 'unavailable' | 'refused';

function create() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    formRequests: new Counter({
      name: 'districts_form_requests_total',
      help: 'Public form posts answered by this process, by form and outcome (accepted, or why they were refused).',
      labelNames: ['form', 'outcome'] as const,
      registers,
    }),
    formSeconds: new Histogram({
      name: 'districts_form_request_duration_seconds',
      help: 'Time to answer a public form post in this process, by form.',
      labelNames: ['form'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    deliverySeconds: new Histogram({
      name: 'districts_notification_delivery_seconds',
      help: 'From the lead being stored to its message being delivered, for messages this process delivered, by channel.',
      labelNames: ['channel'] as const,
      buckets: [1, 2, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400],
      registers,
    }),
  };
}

type ProcessMetrics = ReturnType<typeof create>;

// On globalThis: the route bundles and the workers of one server process count into the same registry.
const HOLDER = Symbol.for('districts.metrics');
const metrics = (): ProcessMetrics => ((globalThis as Record<symbol, ProcessMetrics>)[HOLDER] ??= create());

/** The registry /metrics answers with; its other figures register here too. */
export const metricsRegistry = (): Registry => metrics().registry;

/** Starts timing one public form post; the returned function records its answer (publicForm in lib/http). */
export function formRequestTimer(form: string): (status: number) => void {
  const started = performance.now();
  return (status) => {
    const m = metrics();
    m.formRequests.inc({ form, outcome: outcomeOf(status) });
    m.formSeconds.observe({ form }, (performance.now() - started) / 1000);
  };
}

function outcomeOf(status: number): FormOutcome {
  if (status < 400) return 'accepted';
  if (status === 400) return 'invalid';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_type';
  if (status === 429) return 'rate_limited_client';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

/** A message delivered: how long after its lead was stored. */
export function observeDelivery(channel: NotificationChannel, leadCreatedAt: Date, at: Date): void {
  metrics().deliverySeconds.observe({ channel }, Math.max(0, (at.getTime() - leadCreatedAt.getTime()) / 1000));
}
