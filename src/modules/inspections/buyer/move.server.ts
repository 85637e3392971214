import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { LIMIT_ERRORS, partyField, publicSlot, slotField, tokenField, waitField } from '@/modules/inspections/booking-fields';
import { countBuyerChange } from '@/modules/inspections/booking-limits.server';
import { bookInspection } from '@/modules/inspections/inspections.server';
import { INSPECTION_PATHS } from '@/modules/leads';
import { getDatabase } from '@/lib/db/client';
import { clientIdentityOf } from '@/lib/http/client.server';
import { publicForm, type PublicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { CHANGE_PAGES, changeableBooking } from './change-answers.server';

/**
 * POST /api/inspections/move: the buyer moves their booking to another slot (or changes the party) from the signed
 * `manage` link, without signing in, up to the cut-off. The old seats go to that slot's waiting list.
 */
export const moveSchema = z.object({ t: tokenField, slot: slotField, party: partyField, wait: waitField }).strict();

export const MOVE_FORM = {
  name: 'inspection-move',
  schema: moveSchema,
  visibleFields: ['slot', 'party'],
  errors: INSPECTION_ERRORS,
  formPages: CHANGE_PAGES,
} satisfies PublicForm<typeof moveSchema>;

async function move({ input, request }: PublicSubmission<z.infer<typeof moveSchema>>): Promise<Response> {
  const database = await getDatabase();
  const checked = await changeableBooking(database.db, input.t);
  if (!checked.ok) return checked.response;
  const { booking } = checked.found;
  const guard = await countBuyerChange(database.db, await clientIdentityOf(database.db, request), booking.leadId!);
  const outcome = await bookInspection(
    database.db,
    {
      leadId: booking.leadId!,
      slotId: input.slot,
      partySize: input.party,
      waitIfFull: input.wait,
      cutoffHours: checked.found.cutoffHours,
      guard,
    },
    await database.jobs(),
  );
  if (outcome.ok)
    return jsonResponse(
      { ok: true, booking: outcome.booking.id, state: outcome.booking.state, href: INSPECTION_PATHS.booking(input.t) },
      outcome.unchanged ? 200 : 201,
    );
  if (outcome.why === 'full') return jsonResponse({ error: INSPECTION_ERRORS.full, others: outcome.others.map(publicSlot) }, 409);
  if (outcome.why === 'too_late') return errorResponse(409, INSPECTION_ERRORS.tooLate(checked.found.cutoffHours));
  if (outcome.why !== 'closed' && outcome.why !== 'no_lead') return errorResponse(409, LIMIT_ERRORS[outcome.why]);
  return errorResponse(410, outcome.why === 'closed' ? INSPECTION_ERRORS.closed : INSPECTION_ERRORS.goneLink);
}

export const moveHandler = publicForm(MOVE_FORM, move);
