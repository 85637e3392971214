import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { bookerOfLead } from '@/modules/inspections/buyer.repository.server';
import { partyField, slotField, tokenField, waitField } from '@/modules/inspections/booking-fields';
import { readInspectionLink } from '@/modules/leads/server';
import { bookPathOf, INSPECTION_PATHS } from '@/modules/leads';
import { DISTRICT_SLUGS } from '@/lib/db/districts';
import { countBuyerChange } from '@/modules/inspections/booking-limits.server';
import { getDatabase } from '@/lib/db/client';
import { clientIdentityOf } from '@/lib/http/client.server';
import { publicForm, type PublicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { errorResponse } from '@/lib/http/response.server';
import { bookAndAnswer, bookingRetryPage, bookingSuccessPage, slugOf } from './booking-answers.server';

/**
 * POST /api/inspections/book-by-link: a buyer already known (the interest confirmation's or the receipt's signed `book`
 * link) picks a slot and a party size; their details are not asked again. Booking again moves their booking.
 */
export const bookByLinkSchema = z
  .object({
    book: tokenField,
    slot: slotField,
    party: partyField,
    wait: waitField,
    page: z.enum(DISTRICT_SLUGS).optional(),
  })
  .strict();

export const BOOK_BY_LINK_FORM = {
  name: 'inspection-booking-by-link',
  schema: bookByLinkSchema,
  visibleFields: ['slot', 'party'],
  errors: INSPECTION_ERRORS,
  formPages: { success: bookingSuccessPage, retry: bookingRetryPage },
} satisfies PublicForm<typeof bookByLinkSchema>;

async function bookByLink({ input, request }: PublicSubmission<z.infer<typeof bookByLinkSchema>>): Promise<Response> {
  const { db } = await getDatabase();
  const link = await readInspectionLink(db, 'book', input.book);
  if (!link.ok)
    return errorResponse(
      link.reason === 'expired' ? 410 : 403,
      INSPECTION_ERRORS[link.reason === 'expired' ? 'expiredLink' : 'invalidLink'],
    );
  const booker = await bookerOfLead(db, link.id);
  if (!booker || booker.spam) return errorResponse(410, INSPECTION_ERRORS.goneLink);
  const guard = await countBuyerChange(db, await clientIdentityOf(db, request), booker.id);
  const bookingPage = input.page ? INSPECTION_PATHS.book(slugOf(input.page), input.book) : bookPathOf(booker.district, input.book);
  return bookAndAnswer({ leadId: booker.id, slotId: input.slot, partySize: input.party, waitIfFull: input.wait, guard }, bookingPage);
}

export const bookByLinkHandler = publicForm(BOOK_BY_LINK_FORM, bookByLink);
