// The conversations module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { leadConversation } from './conversation.server';
export { describeConversationAction } from './history';
export { replyFormAnswer, replyHandler } from './reply-handler.server';
export { takeChannelEvents } from './webhooks.server';
