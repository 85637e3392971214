import 'server-only';
import { WORKING_TIME_DEFAULTS } from '@/lib/env-schema';
import { getEnv } from '@/lib/env.server';
import type { WorkingTime } from './working-time';

/**
 * The sales team's working time as the settings give it. Apart from ./working-time.ts, which the staff area's
 * browser code imports too: the settings' module stays on the server.
 */

/** The working time when LEAD_WORKING_DAYS, _HOURS and LEAD_CONTACT_TARGET_MINUTES are unset. */
export const DEFAULT_WORKING_TIME: WorkingTime = WORKING_TIME_DEFAULTS;

/** The sales team's working time and first-contact target, from LEAD_WORKING_DAYS, _HOURS and LEAD_CONTACT_TARGET_MINUTES. */
export function getWorkingTime(): WorkingTime {
  const env = getEnv();
  return { days: env.LEAD_WORKING_DAYS, ...env.LEAD_WORKING_HOURS, targetMinutes: env.LEAD_CONTACT_TARGET_MINUTES };
}
