import 'server-only';
import { MAX_INSPECTION_CUTOFF_HOURS } from '@/lib/env-schema';

import type { Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { readSetting, writeSetting } from '@/lib/db/settings.server';
import { getEnv } from '@/lib/env.server';

/**
 * How long before an inspection buyers may still move or cancel it themselves (from the e-mail's link): the owners'
 * choice on the schedule page, stored in the database so every instance applies it at once; until they choose,
 * INSPECTION_CHANGE_CUTOFF_HOURS.
 */
const CUTOFF_SETTING = 'inspection_change_cutoff_hours';

export async function inspectionChangeCutoffHours(db: Db): Promise<number> {
  const stored = await readSetting(db, CUTOFF_SETTING);
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored <= MAX_INSPECTION_CUTOFF_HOURS
    ? stored
    : getEnv().INSPECTION_CHANGE_CUTOFF_HOURS;
}

export async function setInspectionChangeCutoffHours(db: Db, hours: number, actor: Actor, now = new Date()): Promise<void> {
  await writeSetting(db, CUTOFF_SETTING, hours, actor, now);
}
