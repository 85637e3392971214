// The visits module's server entry: what other modules and routes may call of it on the server.
import 'server-only';

export { campaignVisitedAs, deleteVisitCountsBefore, forgetPastVisitors, startVisitCounter } from './counter.server';
