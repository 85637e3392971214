import 'server-only';
import { HELD_LEADS_COPY } from '@/content/sales-insight';
import { discardHeldLeads, releaseHeldLeads, wakeLeadSenders } from '@/modules/leads/operations.server';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute } from '@/modules/staff/server';
import { getDatabase } from '@/lib/db/client';
import { readJsonObject } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { heldReleaseSchema } from './held-schema';

/**
 * An owner's verdict on the leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md), on all of
 * them at once. Both need the password typed recently: a release e-mails every held address, a discard cannot be undone.
 */

/**
 * POST /api/admin/leads/held {count} → {ok, released}. Each becomes a new lead, dealt out and notified (sales e-mail,
 * receipt, webhook, push) as if it had just arrived, in one transaction with the release; only when `count`, the
 * number the owner confirmed, is how many are held now, else 409 {error, held} and nothing is released (0385).
 */
export const releaseHeldHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = heldReleaseSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? HELD_LEADS_COPY.countMissing);
  const confirmed = parsed.data.count;
  const jobs = await (await getDatabase()).jobs();
  const outcome = await db.transaction(async (tx) => {
    const result = await releaseHeldLeads(tx, jobs, confirmed);
    if (result.ok && result.released) await recordAudit(tx, staff, 'held_leads_released', null, { count: result.released });
    return result;
  });
  if (!outcome.ok) return jsonResponse({ error: HELD_LEADS_COPY.countChanged(confirmed, outcome.held), held: outcome.held }, 409);
  wakeLeadSenders(jobs);
  return jsonResponse({ ok: true, released: outcome.released });
});

/** DELETE /api/admin/leads/held → {ok, discarded}. Cannot be undone. */
export const discardHeldHandler = staffRoute({ owner: true, recentPassword: true }, async (_request, { db, staff }) => {
  const discarded = await db.transaction(async (tx) => {
    const count = await discardHeldLeads(tx);
    if (count) await recordAudit(tx, staff, 'held_leads_discarded', null, { count });
    return count;
  });
  return jsonResponse({ ok: true, discarded });
});
