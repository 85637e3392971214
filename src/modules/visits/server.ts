// The visits module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { campaignVisitedAs, deleteVisitCountsBefore, forgetPastVisitors, startVisitCounter } from './counter.server';
