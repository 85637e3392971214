import 'server-only';
import { DISTRICTS } from '@/content/districts';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { INSPECTION_SLOTS } from '@/lib/jobs/queues';
import { makeSlots } from './inspections.server';

/**
 * The weekly schedule's inspection slots of the next four weeks (and, on a fresh install, INSPECTION_SCHEDULE's rows,
 * offered once) are made here: at start-up, by the hourly job, and at once after an owner changes the schedule. Never
 * while a page renders: a GET only reads (docs/decisions/0405-a-get-never-writes.md).
 */

/** Hourly: a week's new slot enters the four-week horizon within the hour it could first be booked. */
export const INSPECTION_SLOTS_CRON = '7 * * * *';

export function makeScheduledSlots(db: Db, now = new Date()): Promise<void> {
  return makeSlots(db, { offer: getEnv().INSPECTION_SCHEDULE, districts: DISTRICTS }, now);
}

export function inspectionSlotsJob(handle: DatabaseHandle): ScheduledJob {
  return { queue: INSPECTION_SLOTS, cron: INSPECTION_SLOTS_CRON, run: () => makeScheduledSlots(handle.db) };
}
