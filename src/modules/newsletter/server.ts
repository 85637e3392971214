// The newsletter module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { exportNewsletterHandler } from './admin-handlers.server';
export { handleNewsletterPost } from './handler.server';
export { handleConfirmPost, handleUnsubscribeGet, handleUnsubscribePost } from './link-handlers.server';
export { confirmPageState, unsubscribePageState } from './pages.server';
export { clearSignUpFingerprints, eraseSignUps, expireComebackRequests, unconfirmedSignUpsBefore } from './repository.server';
export { newsletterSenders, startNewsletterWorkers } from './workers.server';
