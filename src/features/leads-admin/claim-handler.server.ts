import 'server-only';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { staffRoute, type IdRouteContext } from '@/lib/auth/guard.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { isFormPost } from '@/lib/http/request.server';
import { idParamSchema } from '@/lib/validation/id';
import { claimLead } from '@/domain/assignment.server';

/**
 * POST /api/admin/leads/:id/claim → {ok} ("I'm on it", docs/decisions/0365-claims-and-leads-that-move-on.md): from the
 * lead page, or from the push alert's button (the staff app's worker posts it). The first to claim has the lead; a
 * claim already made by someone else is 409 {error} naming them. The lead page's plain form (no scripts) comes back
 * to the lead with 303, where the claim, or who has it, shows.
 */
export const claimLeadHandler = staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
  const id = idParamSchema.safeParse((await ctx.params).id);
  const outcome = id.success ? await claimLead(db, id.data, staff) : undefined;
  if (id.success && outcome && isFormPost(request)) {
    return new Response(null, { status: 303, headers: { Location: `/admin/leads/${id.data}`, 'Cache-Control': 'no-store' } });
  }
  if (!outcome) return errorResponse(404, STAFF_COPY.errors.notFound);
  if (!outcome.claimed) return errorResponse(409, ASSIGNMENT_COPY.claim.taken(outcome.by));
  return jsonResponse({ ok: true });
});
