import type { Db } from '@/lib/db/client';

/**
 * The one shape of a way to reach a person (issue 56, item 3; docs/decisions/0409-one-messaging-module.md): e-mail,
 * WhatsApp, SMS, Web Push and the CRM webhook each implement it in ./send.server.ts, and every message to a buyer or a
 * staff member goes to its provider through one of them (a lint rule keeps the providers' send functions to this
 * module). A channel sends once and says what became of it; when to try again and when to give up is its outbox's.
 *
 * What a send gives is the channel's own (`Sent`): WhatsApp and SMS the provider's id of the message; e-mail whether a
 * mail server took it or it was kept as a file; Web Push whether the subscription is gone. A failure is thrown as a
 * ChannelError whose kind says what the sender does next, on every channel (SMS also as SmsWithheld when its limits
 * kept it back); the outbox keeps the kind on the message's row (docs/decisions/0410-one-outbox.md).
 */
export interface Channel<Message, Sent> {
  readonly name: ChannelName;
  send(db: Db, message: Message): Promise<Sent>;
}

export type ChannelName = 'email' | 'whatsapp' | 'sms' | 'push' | 'webhook';
