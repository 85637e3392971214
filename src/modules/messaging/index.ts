// The messaging module's client-safe entry: what other code may use of it anywhere (no React components).
export { ChannelError } from './channels/channel-error';
export { type ChannelEvent, type IncomingMessage, type SentMessage, type StatusUpdate } from './channels/events';
export { GIVE_UP_AFTER_MS, givenUp } from './outbox/give-up';
