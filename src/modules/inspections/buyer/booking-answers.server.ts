import 'server-only';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { LIMIT_ERRORS, publicSlot } from '@/modules/inspections/booking-fields';
import type { BuyerGuard } from '@/modules/inspections/booking-limits.server';
import { inspectionChangeCutoffHours } from '@/modules/inspections/cutoff.server';
import { bookInspection, type BookingOutcome } from '@/modules/inspections/inspections.server';
import { signInspectionLink } from '@/modules/leads/server';
import { INSPECTION_PATHS, type DistrictSlug } from '@/modules/leads';
import { DISTRICT_SLUGS } from '@/lib/db/districts';
import { getDatabase, type Db } from '@/lib/db/client';
import type { FormPageOf } from '@/lib/http/public-route.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';

/**
 * What a booking form answers (docs/decisions/0391), from a new visitor's form or a known buyer's link alike:
 * 201 {ok, booking, state, href} (href: the booking's own page, a signed link); 409 {error, others, bookingPage} when
 * the slot is full (others: the district's next slots with room); 410 {error, bookingPage} when it has closed or the
 * lead is gone. bookingPage is where the buyer, now known, picks again (a `book` link: nothing they typed is lost).
 */
export async function bookAndAnswer(
  request: { leadId: string; slotId: string; partySize: number; waitIfFull: boolean; guard: BuyerGuard },
  bookingPage: string,
): Promise<Response> {
  const database = await getDatabase();
  // A buyer's link may also move the booking they have: not within the owners' cut-off, as from the booking's own page.
  const cutoffHours = await inspectionChangeCutoffHours(database.db);
  const outcome = await bookInspection(database.db, { ...request, cutoffHours }, await database.jobs());
  return answerOf(database.db, outcome, bookingPage, cutoffHours);
}

async function answerOf(db: Db, outcome: BookingOutcome, bookingPage: string, cutoffHours: number): Promise<Response> {
  if (outcome.ok) {
    const href = INSPECTION_PATHS.booking(await signInspectionLink(db, 'manage', outcome.booking.id));
    return jsonResponse({ ok: true, booking: outcome.booking.id, state: outcome.booking.state, href }, outcome.unchanged ? 200 : 201);
  }
  if (outcome.why === 'full')
    return jsonResponse({ error: INSPECTION_ERRORS.full, others: outcome.others.map(publicSlot), bookingPage }, 409);
  if (outcome.why === 'closed') return jsonResponse({ error: INSPECTION_ERRORS.closed, bookingPage }, 410);
  if (outcome.why === 'too_late') return errorResponse(409, INSPECTION_ERRORS.tooLate(cutoffHours));
  if (outcome.why !== 'no_lead') return jsonResponse({ error: LIMIT_ERRORS[outcome.why], bookingPage }, 409);
  return errorResponse(410, INSPECTION_ERRORS.goneLink);
}

export const slugOf = (value: unknown): DistrictSlug => DISTRICT_SLUGS.find((slug) => slug === value) ?? DISTRICT_SLUGS[0];

/**
 * A booking form posted without scripts goes back to the page the answer names (the buyer now known), else to the page
 * it came from: the district's (`page`) with its `book` link, if it had one.
 */
export const bookingRetryPage: FormPageOf = (answer, fields) =>
  typeof answer.bookingPage === 'string' && answer.bookingPage.startsWith('/')
    ? answer.bookingPage
    : INSPECTION_PATHS.book(slugOf(fields.page), typeof fields.book === 'string' && fields.book.length <= 1000 ? fields.book : undefined);

/** A booking form posted without scripts goes on to the booking's own page. */
export const bookingSuccessPage: FormPageOf = (answer, fields) =>
  typeof answer.href === 'string' && answer.href.startsWith('/') ? answer.href : bookingRetryPage(answer, fields);
