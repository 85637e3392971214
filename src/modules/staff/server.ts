// The staff module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { announceFirstRun, ensureFirstOwner, resealAtStart } from './accounts/bootstrap.server';
export { awaitsFirstOwner } from './accounts/first-owner.server';
export { createStaffHandler, listStaffHandler, meHandler, resendInvitationHandler, updateStaffHandler } from './accounts/handlers.server';
export { INVITATION_TTL_HOURS, invitedAccount } from './accounts/invitation.server';
export { addPushHandler, listPushHandler, removePushHandler } from './app/handlers.server';
export { manifestResponse, offlineResponse, workerResponse } from './app/staff-app.server';
export { SYSTEM_ACTOR_EMAIL, listAudit, recordAudit, type Actor } from './audit.server';
export { formRefusal, recoveryCodesForPage } from './form-post.server';
export { staffRoute, type IdRouteContext } from './guard.server';
export { hashPassword, passwordProblem } from './password.server';
export { pushToStaff } from './push/staff-alerts.server';
export { saveSubscription, subscriptionsOf } from './push/subscriptions.repository.server';
export {
  countRecoveryCodesLeft,
  countStaff,
  createStaff,
  deleteSignInFailuresBefore,
  findStaffByEmail,
  findStaffRowById,
  listPasskeys,
  listStaff,
  markServed,
  markServedPrepared,
  setTakesNewLeads,
} from './repository.server';
export { applyStaffChangesAgain, keepForRestore } from './restore-again.server';
export { pendingEnrolment, removeSecondFactor, resealSecondFactorSecrets } from './second-factor/second-factor.server';
export { endEverySession, endSessions } from './sessions/end-sessions.server';
export {
  addPasskeyHandler,
  changePasswordHandler,
  endSessionsHandler,
  enrolSecondFactorHandler,
  listSessionsHandler,
  passkeyOptionsHandler,
  reauthHandler,
  recentPasswordHandler,
  removePasskeyHandler,
  removeSecondFactorHandler,
  renewRecoveryCodesHandler,
} from './sessions/handlers.server';
export { confirmPageGoesOn, isDownloadPage } from './sessions/recent-password.server';
export { createSession, listOpenSessions, type SessionStaff } from './sessions/session.server';
export { RESET_TTL_MINUTES, isLiveResetToken } from './sign-in/password-reset.server';
export { stepAction } from './sign-in/sign-in-pages.server';
