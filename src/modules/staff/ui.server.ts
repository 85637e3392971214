// The staff module's server pieces of pages: server components and page guards (Next.js's runtime).
import 'server-only';

export { currentStaff, downloadPage, requireStaffPage } from './page-guard.server';
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
