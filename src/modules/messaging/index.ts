// The messaging module's client-safe entry: what other modules, routes and browser code may use of it.
export { ChannelError } from './channels/channel-error';
export { type ChannelEvent, type IncomingMessage, type SentMessage, type StatusUpdate } from './channels/events';
