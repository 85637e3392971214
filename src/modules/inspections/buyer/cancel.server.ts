import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { tokenField } from '@/modules/inspections/booking-fields';
import { countBuyerChange } from '@/modules/inspections/booking-limits.server';
import { cancelInspection } from '@/modules/inspections/inspections.server';
import { INSPECTION_PATHS } from '@/modules/leads';
import { getDatabase } from '@/lib/db/client';
import { clientIdentityOf } from '@/lib/http/client.server';
import { publicForm, type PublicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { CHANGE_PAGES, changeableBooking } from './change-answers.server';

/**
 * POST /api/inspections/cancel: the buyer cancels from the signed `manage` link, up to the cut-off (a button that
 * posts: opening the link changes nothing). The seats go to the first in line on the waiting list.
 */
export const cancelSchema = z.object({ t: tokenField }).strict();

export const CANCEL_FORM = {
  name: 'inspection-cancel',
  schema: cancelSchema,
  visibleFields: [],
  errors: INSPECTION_ERRORS,
  formPages: CHANGE_PAGES,
} satisfies PublicForm<typeof cancelSchema>;

async function cancel({ input, request }: PublicSubmission<z.infer<typeof cancelSchema>>): Promise<Response> {
  const database = await getDatabase();
  const checked = await changeableBooking(database.db, input.t);
  if (!checked.ok) return checked.response;
  // Counted like every change from a buyer's link (docs/decisions/0401).
  if (checked.found.booking.leadId)
    await countBuyerChange(database.db, await clientIdentityOf(database.db, request), checked.found.booking.leadId);
  const outcome = await cancelInspection(database.db, checked.found.booking.id, await database.jobs());
  if (!outcome.ok) return errorResponse(410, INSPECTION_ERRORS.goneLink);
  return jsonResponse({ ok: true, booking: outcome.booking.id, state: 'cancelled', href: INSPECTION_PATHS.booking(input.t) });
}

export const cancelHandler = publicForm(CANCEL_FORM, cancel);
