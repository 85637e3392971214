import 'server-only';
import { idParamSchema } from '@/lib/validation/id';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute, type IdRouteContext } from '@/lib/auth/guard.server';
import { revokeUserSessions } from '@/lib/auth/session.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readJsonObject } from '@/lib/http/request.server';
import { hashPassword, passwordProblem } from './password.server';
import { clearSecondFactorFailures, countActiveOwners, createStaff, findStaffById, listStaff, updateStaff } from './repository.server';
import { createStaffSchema, updateStaffSchema } from './schema';
import { removeSecondFactor } from './second-factor.server';

/** Handlers of /api/admin/me and /api/admin/staff... */

/** GET /api/admin/me → who is signed in */
export const meHandler = staffRoute({}, async (_request, { staff }) =>
  jsonResponse({ id: staff.id, email: staff.email, role: staff.role }),
);

/** GET /api/admin/staff → {staff: [...]} (owners) */
export const listStaffHandler = staffRoute({ owner: true }, async (_request, { db }) => jsonResponse({ staff: await listStaff(db) }));

/** POST /api/admin/staff {email, name, role, password} → 201 {ok, staff} (owners; password typed recently: 0345) */
export const createStaffHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = createStaffSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const problem = passwordProblem(parsed.data.password);
  if (problem) return errorResponse(400, problem);
  const created = await createStaff(db, { ...parsed.data, passwordHash: await hashPassword(parsed.data.password) });
  if (!created) return errorResponse(409, STAFF_COPY.errors.emailTaken);
  await recordAudit(db, staff, 'staff.create', created.email, { role: created.role });
  return jsonResponse({ ok: true, staff: created }, 201);
});

/** PATCH /api/admin/staff/:id {role?, active?, password?, resetSecondFactor?, unlockSecondFactor?} → {ok, staff} (owners; password typed recently) */
export const updateStaffHandler = staffRoute<IdRouteContext>({ owner: true, recentPassword: true }, async (request, { db, staff }, ctx) => {
  const id = idParamSchema.safeParse((await ctx.params).id);
  const target = id.success ? await findStaffById(db, id.data) : undefined;
  if (!target) return errorResponse(404, STAFF_COPY.errors.notFound);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = updateStaffSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const changes = parsed.data;
  const demotes = (changes.role && changes.role !== 'owner') || changes.active === false;
  if (demotes && target.id === staff.id) return errorResponse(409, STAFF_COPY.errors.self);
  if (demotes && target.role === 'owner' && (await countActiveOwners(db, target.id)) === 0)
    return errorResponse(409, STAFF_COPY.errors.lastOwner);
  if (changes.password) {
    const problem = passwordProblem(changes.password);
    if (problem) return errorResponse(400, problem);
  }
  if (changes.name !== undefined || changes.role !== undefined || changes.active !== undefined || changes.password) {
    await updateStaff(db, target.id, {
      name: changes.name,
      role: changes.role,
      active: changes.active,
      passwordHash: changes.password ? await hashPassword(changes.password) : undefined,
    });
  }
  if (changes.resetSecondFactor) await removeSecondFactor(db, target.id);
  else if (changes.unlockSecondFactor) await clearSecondFactorFailures(db, target.id);
  const updated = await findStaffById(db, target.id);
  // A deactivated account, a reset password or a reset second factor ends that person's open sessions.
  if (changes.active === false || changes.password || changes.resetSecondFactor) await revokeUserSessions(db, target.id);
  await recordAudit(db, staff, 'staff.update', target.email, {
    name: changes.name,
    role: changes.role,
    active: changes.active,
    passwordReset: Boolean(changes.password),
    secondFactorReset: Boolean(changes.resetSecondFactor),
    secondFactorUnlocked: Boolean(changes.unlockSecondFactor),
  });
  return jsonResponse({ ok: true, staff: updated });
});
