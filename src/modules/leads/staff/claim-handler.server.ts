import 'server-only';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { isFormPost } from '@/lib/http/request.server';
import { SIGN_IN_PATH } from '@/lib/constants';
import { idParamSchema } from '@/lib/validation/id';
import { claimLead } from '@/modules/leads/operations.server';

/**
 * POST /api/admin/leads/:id/claim → {ok} ("I'm on it", docs/decisions/0365-claims-and-leads-that-move-on.md): from the
 * lead page, or from the push alert's button (the staff app's worker posts it). The first to claim has the lead; a
 * refusal is 409 {error} saying why and whose it is; a lead outside the claimer's scope is 404, as if there were none
 * (docs/decisions/0388-agents-see-their-own-leads.md). The lead page's plain form (no scripts) always comes back with 303:
 * to the lead, where the claim or whose the lead is shows, or to sign-in when the session has ended.
 */
const claim = staffRoute<IdRouteContext>({}, async (_request, { db, staff }, ctx) => {
  const id = idParamSchema.safeParse((await ctx.params).id);
  const outcome = id.success ? await claimLead(db, id.data, staff) : undefined;
  if (!outcome) return errorResponse(404, ASSIGNMENT_COPY.claim.gone);
  if (!outcome.claimed) return errorResponse(409, ASSIGNMENT_COPY.claim.refused[outcome.why](outcome.by));
  return jsonResponse({ ok: true });
});

export async function claimLeadHandler(request: Request, ctx: IdRouteContext): Promise<Response> {
  const response = await claim(request, ctx);
  if (!isFormPost(request)) return response;
  const lead = `/admin/leads/${encodeURIComponent((await ctx.params).id)}`;
  const location = response.status === 401 ? `${SIGN_IN_PATH}?next=${encodeURIComponent(lead)}` : lead;
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
