import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { partyField, slotField, waitField } from '@/modules/inspections/booking-fields';
import { signInspectionLink } from '@/modules/leads/server';
import { INSPECTION_PATHS, slugOfDistrict } from '@/modules/leads';
import { DISTRICT_SLUGS } from '@/lib/db/districts';
import { bookingNetworkOf } from '@/modules/inspections/booking-limits.server';
import { getDatabase } from '@/lib/db/client';
import { clientIdentityOf } from '@/lib/http/client.server';
import { publicForm, type PublicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { jsonResponse } from '@/lib/http/response.server';
import { bookAndAnswer, bookingRetryPage, bookingSuccessPage } from './booking-answers.server';
import { INTEREST_VISIBLE_FIELDS } from '@/modules/leads';
import { INTEREST_FORM } from '@/modules/leads/server';
import { repeatOfTypedForm, takeVisitorLead } from '@/modules/leads/server';
import { type FloodAlert } from '@/modules/leads/server';

/**
 * POST /api/inspections/book: a visitor not yet known books a site inspection from the district's booking page. The
 * interest form's own schema (the same fields, sentences, honeypot, timing and attribution) with the slot, the party
 * and the waiting-list choice; `page` names the district page a form posted without scripts goes back to.
 */
export const bookAsVisitorSchema = INTEREST_FORM.schema
  .extend({ slot: slotField, party: partyField, wait: waitField, page: z.enum(DISTRICT_SLUGS).optional() })
  .strict();

export const BOOK_AS_VISITOR_FORM = {
  name: 'inspection-booking',
  schema: bookAsVisitorSchema,
  visibleFields: [...INTEREST_VISIBLE_FIELDS, 'slot', 'party'],
  errors: INSPECTION_ERRORS,
  formPages: { success: bookingSuccessPage, retry: bookingRetryPage },
} satisfies PublicForm<typeof bookAsVisitorSchema>;

/**
 * The lead first, through the popup's own path (limited, stored, held in a flood, assigned and notified exactly as
 * from the popup) and committed; then the seat. A full or closed slot loses nothing the visitor typed: the answer
 * sends them back as a known buyer (a `book` link) to pick again.
 */
export function bookAsVisitor(alertOwnersOfFlood: FloodAlert) {
  return publicForm(BOOK_AS_VISITOR_FORM, async ({ input, ...submission }: PublicSubmission<typeof bookAsVisitorSchema._output>) => {
    // The lead is the interest form's fields (`page` only names where a form without scripts goes back to).
    const { slot, party, wait, ...lead } = input;
    const taken = await takeVisitorLead({ ...submission, input: lead }, alertOwnersOfFlood);
    const { db } = await getDatabase();
    // Its seats count under the client's network (docs/decisions/0401).
    const guard = bookingNetworkOf(await clientIdentityOf(db, submission.request));
    // A lead set aside (a bot's, kept for review; or held in a flood, maybe a buyer's) is answered as the popup answers
    // it, and takes no seat: a held buyer is called once an owner releases their lead.
    // A repeat of a form without scripts books nothing and hands out no link: the first post booked.
    if (taken.setAside || repeatOfTypedForm(taken, submission)) return jsonResponse({ ok: true, href: '/interest/thanks' }, 201);
    const bookingPage = INSPECTION_PATHS.book(slugOfDistrict(lead.district), await signInspectionLink(db, 'book', taken.id));
    return bookAndAnswer({ leadId: taken.id, slotId: slot, partySize: party, waitIfFull: wait, guard }, bookingPage);
  });
}
