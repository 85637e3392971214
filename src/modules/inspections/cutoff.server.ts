import 'server-only';
import { MAX_INSPECTION_CUTOFF_HOURS } from '@/lib/env-schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { appSettings } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';

/**
 * How long before an inspection buyers may still move or cancel it themselves (from the e-mail's link): the owners'
 * choice on the schedule page, stored in the database so every instance applies it at once; until they choose,
 * INSPECTION_CHANGE_CUTOFF_HOURS.
 */
const CUTOFF_SETTING = 'inspection_change_cutoff_hours';

export async function inspectionChangeCutoffHours(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, CUTOFF_SETTING));
  const stored = row?.value;
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored <= MAX_INSPECTION_CUTOFF_HOURS
    ? stored
    : getEnv().INSPECTION_CHANGE_CUTOFF_HOURS;
}

export async function setInspectionChangeCutoffHours(db: Db, hours: number, actor: Actor, now = new Date()): Promise<void> {
  await db
    .insert(appSettings)
    .values({ name: CUTOFF_SETTING, value: hours, updatedAt: now, updatedBy: actor.email })
    .onConflictDoUpdate({ target: appSettings.name, set: { value: hours, updatedAt: now, updatedBy: actor.email } });
}
