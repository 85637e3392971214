// The staff module's server entry: what other modules and routes may call of it on the server.
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
export { currentStaff, downloadPage, requireStaffPage } from './page-guard.server';
export { pushToStaff } from './push/staff-alerts.server';
export { subscriptionsOf } from './push/subscriptions.repository.server';
export {
  countRecoveryCodesLeft,
  deleteSignInFailuresBefore,
  findStaffRowById,
  listPasskeys,
  listStaff,
  markServed,
  markServedPrepared,
  setTakesNewLeads,
} from './repository.server';
export { pendingEnrolment } from './second-factor/second-factor.server';
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
export { listOpenSessions } from './sessions/session.server';
export { requireChallengePage } from './sign-in/challenge.server';
export {
  handleEnrolAtSignIn,
  handleFirstOwner,
  handlePasskey,
  handlePasskeyOptions,
  handlePasswordResetConfirm,
  handlePasswordResetRequest,
  handleSecondFactor,
  handleSignIn,
  handleSignOut,
  handleWelcome,
} from './sign-in/handlers.server';
export { RESET_TTL_MINUTES, isLiveResetToken } from './sign-in/password-reset.server';
export { stepAction } from './sign-in/sign-in-pages.server';
