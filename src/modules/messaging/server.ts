// The messaging module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { BUYER_CAP_REACHED, RECIPIENT_LIMITS, buyerMessageAllowed, recipientLimitAllows } from './channels/buyer-cap.server';
export type { Channel, ChannelName } from './channels/channel';
export {
  emailChannel,
  pushChannel,
  smsChannel,
  webhookChannel,
  whatsAppChannel,
  type WebhookMessage,
  type WhatsAppMessage,
} from './channels/send.server';
export { SmsWithheld, claimSmsPauseAlert, forgetOldSmsDays, smsToday } from './channels/sms-gate.server';
export { parseTermiiEvent, smsConfigured, verifyTermiiSignature } from './channels/termii.server';
export { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsAppConfigured, whatsAppHandshake } from './channels/whatsapp-cloud.server';
export {
  countFailed,
  countsByChannel,
  countsBySubject,
  channelStates,
  deleteMessagesOfLeads,
  deleteMessagesOfSubjects,
  deliveryBacklog,
  dueBacklog,
  markFailedLate,
  markSentAgain,
  messageByKey,
  messagesOf,
  notificationCounts,
  withdrawQueued,
  type Backlog,
  type DueBacklog,
  type ChannelState,
  type NewOutboxMessage,
} from './outbox/outbox.repository.server';
export {
  INTERRUPTED_WHILE_SENDING,
  MessageInHand,
  SENDING_LEASE_MS,
  deliverMessage,
  deliverMessages,
  queueMessages,
  resendMessage,
  startOutboxWorkers,
  wakeOutbox,
  withdrawWaitingMessages,
  type NotSent,
  type OutboxSender,
  type OutboxSenders,
} from './outbox/outbox.server';
