import 'server-only';
import { getEnv } from '@/lib/env.server';
import type { WorkingTime } from './working-time';

/** The sales team's working time and first-contact target, from LEAD_WORKING_DAYS, _HOURS and LEAD_CONTACT_TARGET_MINUTES. */
export function getWorkingTime(): WorkingTime {
  const env = getEnv();
  return { days: env.LEAD_WORKING_DAYS, ...env.LEAD_WORKING_HOURS, targetMinutes: env.LEAD_CONTACT_TARGET_MINUTES };
}
