import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { PLOT_HOLDS_LAPSE } from '@/lib/jobs/queues';
import { lapseExpiredHolds } from './claims.server';

/** The lapse job, every minute: holds past their time end and their plots return to the plan (docs/decisions/0412). */
export function plotHoldsLapseJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: PLOT_HOLDS_LAPSE,
    cron: '* * * * *',
    run: async () => {
      await lapseExpiredHolds(handle.db, new Date());
    },
  };
}
