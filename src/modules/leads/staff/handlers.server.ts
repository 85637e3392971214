import 'server-only';
import { idParamSchema } from '@/lib/validation/id';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { getWorkingTime } from '@/lib/working-time.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readJsonObject } from '@/lib/http/request.server';
import { setAlertEveryone, setAutoAssign } from '@/modules/leads/assignment.server';
import { setTakesNewLeads } from '@/modules/staff/server';
import { getLeadDetail, inboxCounters, listLeadPage } from '@/modules/leads/inbox.repository.server';
import { addLeadNote, changeLeadDistrict, changeLeadStatus, CLAIM_FIRST, reassignLead } from '@/modules/leads/operations.server';
import { leadScope, setAgentsSeeEveryLead } from '@/modules/leads/scope.server';
import { recordAccessSwitch } from '@/lib/backup/restore-ledger.server';
import { logError } from '@/lib/log';
import {
  assignmentChangeSchema,
  leadAccessSchema,
  leadAssigneeSchema,
  leadDistrictSchema,
  leadNoteSchema,
  leadStatusSchema,
  parseLeadFilters,
} from './schema';

/**
 * Handlers of /api/admin/leads..., /api/admin/stats, /api/admin/assignment and /api/admin/lead-access (route files
 * only re-export these; the dashboard and the exports are src/modules/insights/handlers.server.ts).
 * Every lead a handler reads or changes is within the staff member's scope (src/modules/leads/scope.server.ts): a lead
 * outside it answers 404, as if there were none.
 */

async function leadId(ctx: IdRouteContext): Promise<string | undefined> {
  const parsed = idParamSchema.safeParse((await ctx.params).id);
  return parsed.success ? parsed.data : undefined;
}

/** GET /api/admin/leads?district&status&from&to&q&cursor → {leads, nextCursor} */
export const listLeadsHandler = staffRoute({}, async (request, { db, staff }) => {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  if (!filters.ok) return errorResponse(400, filters.error);
  return jsonResponse(await listLeadPage(db, filters.filters, leadScope(staff)));
});

/** GET /api/admin/leads/:id → {lead (with assigneeLabel and overdue), notes, activity, mayChange} */
export const getLeadHandler = staffRoute<IdRouteContext>({}, async (_request, { db, staff }, ctx) => {
  const id = await leadId(ctx);
  const detail = id ? await getLeadDetail(db, id, leadScope(staff)) : undefined;
  if (!detail) return errorResponse(404, STAFF_COPY.errors.notFound);
  return jsonResponse(detail);
});

/** PATCH /api/admin/leads/:id {status} → {ok, changed, status}, or {district} → {ok, changed, district} */
export const patchLeadHandler = staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
  const id = await leadId(ctx);
  if (!id) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  let result;
  if ('district' in body.value) {
    const parsed = leadDistrictSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.leadDistrict);
    result = await changeLeadDistrict(db, id, parsed.data.district, staff);
  } else {
    const parsed = leadStatusSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.status);
    result = await changeLeadStatus(db, id, parsed.data.status, staff);
  }
  if (!result) return errorResponse(404, STAFF_COPY.errors.notFound);
  if (result === CLAIM_FIRST) return errorResponse(409, ASSIGNMENT_COPY.access.claimFirst);
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
  if (note === CLAIM_FIRST) return errorResponse(409, ASSIGNMENT_COPY.access.claimFirst);
  return jsonResponse({ ok: true, note }, 201);
});

/** PUT /api/admin/leads/:id/assignee {assignedTo: staff id | null} → {ok, changed, assignedTo} (owners) */
export const assignLeadHandler = staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
  const id = await leadId(ctx);
  if (!id) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = leadAssigneeSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, ASSIGNMENT_COPY.errors.assignee);
  const result = await reassignLead(db, id, parsed.data.assignedTo, staff);
  if (!result) return errorResponse(404, parsed.data.assignedTo ? ASSIGNMENT_COPY.errors.noSuchAgent : STAFF_COPY.errors.notFound);
  return jsonResponse({ ok: true, ...result });
});

/**
 * PATCH /api/admin/assignment {autoAssign} (owners) or {staffId, takesNewLeads} (owners; an agent for themself)
 * → {ok}
 */
export const assignmentHandler = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = assignmentChangeSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, ASSIGNMENT_COPY.errors.change);
  const change = parsed.data;
  const own = 'staffId' in change && change.staffId === staff.id;
  if (staff.role !== 'owner' && !own) return errorResponse(403, STAFF_COPY.errors.forbidden);
  if ('autoAssign' in change) {
    await setAutoAssign(db, change.autoAssign, staff);
    await recordAudit(db, staff, 'assignment.auto', null, { on: change.autoAssign });
  } else if ('alertEveryone' in change) {
    await setAlertEveryone(db, change.alertEveryone, staff);
    await recordAudit(db, staff, 'assignment.alert_everyone', null, { on: change.alertEveryone });
  } else {
    if (!(await setTakesNewLeads(db, change.staffId, change.takesNewLeads))) return errorResponse(404, ASSIGNMENT_COPY.errors.noSuchAgent);
    await recordAudit(db, staff, 'assignment.agent', change.staffId, { takesNewLeads: change.takesNewLeads });
  }
  return jsonResponse({ ok: true });
});

/**
 * PUT /api/admin/lead-access {agentsSeeEveryLead} → {ok} (owners, the password typed recently, as for a role change:
 * docs/decisions/0388-agents-see-their-own-leads.md). Stored in the database, so every instance applies it at once.
 */
export const leadAccessHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = leadAccessSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, ASSIGNMENT_COPY.errors.access);
  await setAgentsSeeEveryLead(db, parsed.data.agentsSeeEveryLead, staff);
  // A restore of an older backup must not give agents back every lead once an owner took it away (docs/decisions/0404).
  // A ledger that cannot be written is logged; the switch stands, as for staff changes.
  await recordAccessSwitch('agents-see-every-lead', parsed.data.agentsSeeEveryLead, staff.id).catch((error) =>
    logError('[leads] agents’ access is set but could not be written to the backup ledger; a restore would undo it', error),
  );
  await recordAudit(db, staff, 'leads.agent_access', null, { every: parsed.data.agentsSeeEveryLead });
  return jsonResponse({ ok: true });
});

/** GET /api/admin/stats → counters of the inbox */
export const statsHandler = staffRoute({}, async (_request, { db }) => jsonResponse(await inboxCounters(db, getWorkingTime())));
