import { discardHeldLeads, releaseHeldLeads, wakeLeadSenders } from '@/domain/leads/operations.server';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute } from '@/lib/auth/guard.server';
import { getDatabase } from '@/lib/db/client';
import { jsonResponse, routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/**
 * An owner's verdict on the leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md), on all of
 * them at once.
 * POST: release → {ok, released}. Each becomes a new lead, dealt out and notified (sales e-mail, receipt, webhook, push)
 * as if it had just arrived, in one transaction with the release.
 */
const releaseHeld = staffRoute({ owner: true }, async (_request, { db, staff }) => {
  const jobs = await (await getDatabase()).jobs();
  const released = await db.transaction(async (tx) => {
    const count = await releaseHeldLeads(tx, jobs);
    if (count) await recordAudit(tx, staff, 'held_leads_released', null, { count });
    return count;
  });
  wakeLeadSenders(jobs);
  return jsonResponse({ ok: true, released });
});

/** DELETE: discard → {ok, discarded}. Cannot be undone, so the password must be recent. */
const discardHeld = staffRoute({ owner: true, recentPassword: true }, async (_request, { db, staff }) => {
  const discarded = await db.transaction(async (tx) => {
    const count = await discardHeldLeads(tx);
    if (count) await recordAudit(tx, staff, 'held_leads_discarded', null, { count });
    return count;
  });
  return jsonResponse({ ok: true, discarded });
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: releaseHeld, DELETE: discardHeld });
