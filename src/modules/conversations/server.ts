// The conversations module's server entry: what other modules and routes may call of it on the server.
import 'server-only';

export { leadConversation } from './conversation.server';
export { describeConversationAction } from './history';
export { replyFormAnswer, replyHandler } from './reply-handler.server';
export { takeChannelEvents } from './webhooks.server';
