import 'server-only';
import { idParamSchema } from '@/lib/validation/id';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute, type IdRouteContext } from '@/lib/auth/guard.server';
import { csvResponse } from '@/lib/csv/response.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readJsonObject } from '@/lib/http/request.server';
import { leadsCsv } from './csv.server';
import { addLeadNote, allLeads, changeLeadStatus, exportSnapshot, getLeadDetail, inboxCounters, listLeadPage } from './repository.server';
import { leadNoteSchema, leadStatusSchema, parseLeadFilters } from './schema';

/** Handlers of /api/admin/leads..., /api/admin/stats and /api/admin/exports/leads (route files only re-export these). */

async function leadId(ctx: IdRouteContext): Promise<string | undefined> {
  const parsed = idParamSchema.safeParse((await ctx.params).id);
  return parsed.success ? parsed.data : undefined;
}

/** GET /api/admin/leads?district&status&from&to&q&cursor → {leads, nextCursor} */
export const listLeadsHandler = staffRoute({}, async (request, { db }) => {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  if (!filters.ok) return errorResponse(400, filters.error);
  return jsonResponse(await listLeadPage(db, filters.filters));
});

/** GET /api/admin/leads/:id → {lead, notes, activity} */
export const getLeadHandler = staffRoute<IdRouteContext>({}, async (_request, { db }, ctx) => {
  const id = await leadId(ctx);
  const detail = id ? await getLeadDetail(db, id) : undefined;
  if (!detail) return errorResponse(404, STAFF_COPY.errors.notFound);
  return jsonResponse(detail);
});

/** PATCH /api/admin/leads/:id {status} → {ok, changed, status} */
export const patchLeadHandler = staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
  const id = await leadId(ctx);
  if (!id) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = leadStatusSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.status);
  const result = await changeLeadStatus(db, id, parsed.data.status, staff);
  if (!result) return errorResponse(404, STAFF_COPY.errors.notFound);
  return jsonResponse({ ok: true, ...result });
});

/** POST /api/admin/leads/:id/notes {body} → 201 {ok, note} */
export const addNoteHandler = staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
  const id = await leadId(ctx);
  if (!id) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = leadNoteSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.noteEmpty);
  const note = await addLeadNote(db, id, parsed.data.body, staff);
  if (!note) return errorResponse(404, STAFF_COPY.errors.notFound);
  return jsonResponse({ ok: true, note }, 201);
});

/** GET /api/admin/stats → counters of the inbox */
export const statsHandler = staffRoute({}, async (_request, { db }) => jsonResponse(await inboxCounters(db)));

/**
 * GET /api/admin/exports/leads?filters → text/csv of the filtered view. Recorded in the audit trail before any row
 * leaves: who, which filters (whether a search was used, not its text, which may be a person's name), how many rows.
 */
export const exportLeadsHandler = staffRoute({}, async (request, { db, staff }) => {
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.ok) return errorResponse(400, parsed.error);
  const { district, status, from, to, q } = parsed.filters;
  const view = { district, status, from, to, q };
  const { rows, until } = await exportSnapshot(db, view);
  await recordAudit(db, staff, 'leads.export', null, { filters: { district, status, from, to, search: q !== undefined }, rows });
  return csvResponse(leadsCsv(allLeads(db, view, until)), 'leads');
});
