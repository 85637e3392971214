import 'server-only';
import { idParamSchema } from '@/lib/validation/id';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/modules/staff/audit.server';
import { staffRoute, type IdRouteContext } from '@/modules/staff/guard.server';
import { STAFF_ADMIN_PATH } from '@/lib/constants';
import { endSessions } from '@/modules/staff/sessions/end-sessions.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readJsonObject, readJsonOrForm } from '@/lib/http/request.server';
import { answerFormPost } from '../form-post.server';
import { sendInvitation } from './invitation.server';
import { clearSecondFactorFailures, countActiveOwners, createStaff, findStaffById, listStaff, updateStaff } from '../repository.server';
import { createStaffSchema, updateStaffSchema } from '../schema';
import { removeSecondFactor } from '../second-factor/second-factor.server';
import { keepForRestore } from '../restore-again.server';

/** Handlers of /api/admin/me and /api/admin/staff... */

/** GET /api/admin/me → who is signed in */
export const meHandler = staffRoute({}, async (_request, { staff }) =>
  jsonResponse({ id: staff.id, email: staff.email, role: staff.role }),
);

/** GET /api/admin/staff → {staff: [...]} (owners) */
export const listStaffHandler = staffRoute({ owner: true }, async (_request, { db }) => jsonResponse({ staff: await listStaff(db) }));

/** A Staff page form posted without scripts is answered with a redirect back to the page (form-post.server.ts). */
const staffPageForm =
  <C>(handler: (request: Request, routeContext: C) => Promise<Response>) =>
  async (request: Request, routeContext: C) =>
    answerFormPost(request, await handler(request, routeContext), STAFF_ADMIN_PATH, STAFF_ADMIN_PATH);

/**
 * POST /api/admin/staff {email, name, role} → 201 {ok, staff, invitationSent} (owners; password typed recently: 0345).
 * The account has no password: the person gets an invitation link by e-mail to choose their own
 * (docs/decisions/0347-invitations-not-initial-passwords.md); a `password` sent along is refused (400).
 * `invitationSent` is false when the e-mail could not be sent (the owner sends a new link). The Staff page's form
 * posts natively until its script runs.
 */
export const createStaffHandler = staffPageForm(
  staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
    const body = await readJsonOrForm(request);
    if (!body.ok) return body.response;
    const parsed = createStaffSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
    const created = await createStaff(db, parsed.data);
    if (!created) return errorResponse(409, STAFF_COPY.errors.emailTaken);
    const invitationSent = await sendInvitation(db, created);
    await recordAudit(db, staff, 'staff.create', created.email, { role: created.role, invitationSent });
    return jsonResponse({ ok: true, staff: created, invitationSent }, 201);
  }),
);

/**
 * POST /api/admin/staff/:id/invitation → {ok, invitationSent} (owners; password typed recently): a new invitation link
 * for an account whose person has not chosen a password yet; the earlier link stops working. 409 once they have (a
 * forgotten password is theirs to reset) or while the account is deactivated. Posts natively like the create form.
 */
export const resendInvitationHandler = staffPageForm(
  staffRoute<IdRouteContext>({ owner: true, recentPassword: true }, async (_request, { db, staff }, ctx) => {
    const id = idParamSchema.safeParse((await ctx.params).id);
    const target = id.success ? await findStaffById(db, id.data) : undefined;
    if (!target) return errorResponse(404, STAFF_COPY.errors.notFound);
    if (!target.invited) return errorResponse(409, STAFF_COPY.errors.alreadySetUp);
    if (!target.active) return errorResponse(409, STAFF_COPY.errors.invitationInactive);
    const invitationSent = await sendInvitation(db, target);
    await recordAudit(db, staff, 'staff.update', target.email, { invitationResent: true, invitationSent });
    return jsonResponse({ ok: true, invitationSent });
  }),
);

/**
 * PATCH /api/admin/staff/:id {name?, role?, active?, resetSecondFactor?, unlockSecondFactor?} → {ok, staff} (owners;
 * password typed recently). Never a password: owners do not choose one for anyone else (0347).
 */
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
  if (changes.name !== undefined || changes.role !== undefined || changes.active !== undefined) {
    await updateStaff(db, target.id, { name: changes.name, role: changes.role, active: changes.active });
  }
  if (changes.resetSecondFactor) await removeSecondFactor(db, target.id);
  else if (changes.unlockSecondFactor) await clearSecondFactorFailures(db, target.id);
  const updated = await findStaffById(db, target.id);
  // A deactivated account or a reset second factor ends that person's open sessions.
  if (changes.active === false || changes.resetSecondFactor) await endSessions(db, { account: target.id });
  // A restore of an older backup must not bring back an account or a second factor the owner took away (0389).
  if (changes.active !== undefined && changes.active !== target.active)
    await keepForRestore(target.id, { what: 'active', active: changes.active });
  // Nor make a demoted owner an owner again (either way, so the order holds: docs/decisions/0404).
  if (changes.role !== undefined && changes.role !== target.role) await keepForRestore(target.id, { what: 'role', role: changes.role });
  if (changes.resetSecondFactor) await keepForRestore(target.id, { what: 'second-factor-reset' });
  await recordAudit(db, staff, 'staff.update', target.email, {
    name: changes.name,
    role: changes.role,
    active: changes.active,
    secondFactorReset: Boolean(changes.resetSecondFactor),
    secondFactorUnlocked: Boolean(changes.unlockSecondFactor),
  });
  return jsonResponse({ ok: true, staff: updated });
});
