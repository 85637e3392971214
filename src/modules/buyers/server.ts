// The buyers module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { codeHandler, linkHandler, requestSignInHandler, signOutHandler } from './sign-in/handlers.server';
export { MAX_WRONG_CODES, SIGN_IN_TTL_MINUTES, isLiveLink, redeemCode, redeemLink, requestSignIn } from './sign-in/sign-in.server';
export {
  buyerSessionOf,
  devicesOf,
  endBuyerSessions,
  forgetBuyerAccess,
  startBuyerSession,
  type BuyerSession,
} from './sign-in/sessions.server';
export { buyerSenders } from './senders.server';
export { endEveryBuyerSession, removeBuyerPasskeysAgain } from './restore-again.server';
export { contactsOfBuyer } from './account/identity.server';
export {
  addPasskeyHandler,
  passkeyOptionsHandler,
  passkeySignInHandler,
  passkeySignInOptionsHandler,
  removePasskeyHandler,
} from './passkeys/handlers.server';
export { passkeysOf, RECENT_SIGN_IN_MINUTES, type BuyerPasskey } from './passkeys/passkeys.server';
export { accountOf, leadsOfBuyer, type AccountView } from './account/account.server';
export { buyerDocumentHandler } from './account/document-handler.server';
