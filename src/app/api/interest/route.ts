import { INTEREST_FORM, leadCreated, leadReplayed, leadReplayedPlainly } from '@/modules/leads/server';
import { repeatOfTypedForm, takeVisitorLead } from '@/modules/leads/server';
import { alertOwnersOfFlood } from '@/modules/system/server';
import { signInspectionLink } from '@/modules/leads/server';
import { bookPathOf } from '@/modules/leads';
import { getDatabase } from '@/lib/db/client';
import { publicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { postOnly } from '@/lib/http/response.server';
import type { InterestInput } from '@/modules/leads';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

/**
 * POST /api/interest. publicForm has already read the body and checked it with the interest schema (400 {error} with
 * the field's sentence when it does not pass); it turns RateLimited into 429 with Retry-After and any other failure
 * into 503, and answers a form posted without scripts with a redirect. The lead's whole path, in order, is
 * takeVisitorLead (src/modules/leads/form/take-lead.server.ts), which a new visitor's inspection booking shares.
 */
async function submitInterest(submission: PublicSubmission<InterestInput>): Promise<Response> {
  const taken = await takeVisitorLead(submission, alertOwnersOfFlood);
  if (repeatOfTypedForm(taken, submission)) return leadReplayedPlainly();
  // The confirmation's next step: the district's booking page for this buyer, who then only picks a slot (a signed
  // link naming the lead; a bot's lead gets one too, so it learns nothing, but it books nothing).
  const inspection = bookPathOf(submission.input.district, await signInspectionLink((await getDatabase()).db, 'book', taken.id));
  // 201 for a new lead (held or not: the visitor's details are safe either way), 200 with the same id for a repeat.
  return taken.created ? leadCreated(taken.id, inspection) : leadReplayed(taken.id, inspection);
}

export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(publicForm(INTEREST_FORM, submitInterest)));
