import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { getDatabase } from '@/lib/db/client';
import { readJsonObject } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { idParamSchema } from '@/lib/validation/id';
import { resendNotification } from '@/modules/leads/operations.server';
import { resendSchema } from './schema';

/** POST /api/admin/leads/:id/notifications {channel} → 202 {ok, state: 'queued'} (owners) */
export const resendHandler = staffRoute<IdRouteContext>({ owner: true }, async (request, { db }, ctx) => {
  const leadId = idParamSchema.safeParse((await ctx.params).id);
  if (!leadId.success) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = resendSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.unreadable);
  // The queue is started before the transaction that uses it (PGlite has one connection).
  const boss = await (await getDatabase()).jobs();
  const row = await resendNotification(db, boss, leadId.data, parsed.data.channel);
  if (!row) return errorResponse(404, STAFF_COPY.errors.notFound);
  return jsonResponse({ ok: true, state: row.state }, 202);
});
