import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { slotWhen } from './format';

const history = INSPECTIONS_STAFF_COPY.history;

/**
 * The lead history's line for a site inspection's action (the actor's name comes first), from what the service wrote in
 * its detail (src/modules/inspections/inspections.server.ts); undefined for any other action.
 */
export function describeInspectionAction(action: string, detail: unknown): string | undefined {
  const d = (detail ?? {}) as { startsAt?: string; state?: string; promoted?: boolean; calledOff?: boolean; attendance?: string | null };
  const when = d.startsAt && !Number.isNaN(Date.parse(d.startsAt)) ? slotWhen(new Date(d.startsAt)) : '';
  if (action === 'inspection_booked') return d.promoted ? history.promoted(when) : history.booked(when, d.state === 'waiting');
  if (action === 'inspection_moved') return history.moved(when);
  if (action === 'inspection_cancelled') return d.calledOff ? history.calledOff(when) : history.cancelled(when);
  if (action === 'inspection_attended') return history.attended(d.attendance ?? null);
  return undefined;
}
