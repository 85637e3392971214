import type { MessageChannel } from '@/lib/db/enums';
import type { PushMessage } from '@/lib/push/message';

/** What the staff area says of a buyer's WhatsApp and SMS messages (docs/decisions/0394-whatsapp-and-sms.md). */
export const CHANNEL_NAMES: Record<MessageChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

export const CONVERSATION_PUSH_COPY = {
  /** No words of the message itself: the alert says where to read it. */
  message: (leadId: string, channel: MessageChannel): PushMessage => ({
    title: `New ${CHANNEL_NAMES[channel]} message from a lead`,
    body: 'Open the lead to read it and answer.',
    url: `/admin/leads/${leadId}`,
    tag: `lead-${leadId}-message`,
  }),
} as const;

/** WhatsApp's failure codes an agent's message meets most (Meta's error codes), said plainly. */
const FAILURE_REASONS: Record<string, string> = {
  '131047': 'more than 24 hours had passed since the buyer last wrote',
  '131026': 'the number is not on WhatsApp, or could not receive it',
  '131049': 'WhatsApp held it back to keep the buyer from getting too many business messages',
  '131050': 'the buyer has stopped marketing messages from us on WhatsApp',
};

const WINDOW_RULE =
  'WhatsApp lets a business write freely only within 24 hours of the buyer’s last message; outside it only an approved template can go.';

/** The lead page's Messages: the conversation, its statuses, and the reply box with why it offers what it offers. */
export const CONVERSATION_STAFF_COPY = {
  heading: 'Messages',
  none: 'No messages yet. What the buyer writes by WhatsApp or SMS lands here.',
  showEarlier: (count: number) => `Show ${count} earlier message${count === 1 ? '' : 's'}`,
  hideEarlier: 'Hide earlier messages',
  /** Ours, sent by a staff account since removed. */
  team: 'Our team',
  /** Who sent an automatic message. */
  automatic: {
    first_reply: 'First reply',
    opt_out_ack: 'STOP acknowledged',
    reminder: 'Inspection reminder',
    payment_receipt: 'Payment receipt',
    payment_reminder: 'Instalment reminder',
  } as Record<string, string>,
  followUp: 'Follow-up template',
  statuses: {
    // Asked of WhatsApp or the SMS gateway, whose answer was lost (the server stopped mid-send): not sent again.
    sending: 'Sent, not yet confirmed',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    failed: 'Not delivered',
  } as Record<string, string>,
  /** The provider's reason as it gave it (`131047 Re-engagement message`), in plain words for the codes staff meet most. */
  failedBecause: (reason: string) => {
    const code = /^\d+/.exec(reason)?.[0];
    const plain = code ? FAILURE_REASONS[code] : undefined;
    return `Not delivered: ${plain ? `${plain} (${code})` : reason}`;
  },
  optedOut: (when: string, channel: MessageChannel, stops: MessageChannel[]) =>
    stops.includes('whatsapp')
      ? `This number said STOP by ${CHANNEL_NAMES[channel]} on ${when}. Nothing more can be sent to it, by WhatsApp or SMS.`
      : `This number said STOP by ${CHANNEL_NAMES[channel]} on ${when}. No more SMS can be sent to it; WhatsApp messages still can.`,
  notSetUp: 'WhatsApp and SMS are not set up, so replies cannot be sent from here.',
  noNumber: 'This lead’s phone number is not one we can message (it could not be read as an international number).',
  claimFirst: "Press “I'm on it” to make this lead yours; then you can answer here.",
  reply: {
    label: 'Your reply',
    placeholder: 'Write to the buyer…',
    send: 'Send',
    sendFollowUp: 'Send the follow-up template',
    byWhatsApp: (closesAt: string) => `By WhatsApp. You can write freely until ${closesAt}, 24 hours after the buyer’s last message.`,
    bySms: 'By SMS. The buyer’s number gets it as a text message from our sender name.',
    bySmsWhereTheyAre: 'By SMS, where this conversation is.',
    windowClosedTitle: 'Only an approved template can go now',
    windowRule: WINDOW_RULE,
    lastWrote: (when: string) => `The buyer last wrote by WhatsApp on ${when}.`,
    neverWrote: 'The buyer has not written by WhatsApp yet.',
    followUpPreview: 'The follow-up template',
    followUpAfter: 'When the buyer answers, you can write freely again for 24 hours.',
    followUpWent: (when: string) => `The follow-up template already went on ${when}, and the buyer has not answered since.`,
    sent: (channel: MessageChannel) => `Sent by ${CHANNEL_NAMES[channel]}.`,
    followUpSent: 'Follow-up template sent by WhatsApp.',
  },
  errors: {
    unreadable: 'Write a reply, or choose the follow-up template.',
    textEmpty: 'Write a reply before sending.',
    textLong: (max: number) => `A reply can be at most ${max.toLocaleString('en-GB')} characters.`,
    optedOut: 'This number said STOP: nothing more can be sent to it, by WhatsApp or SMS.',
    smsStopped: 'This number said STOP by SMS: no more SMS can be sent to it. It may still be sent WhatsApp messages.',
    windowClosed: `${WINDOW_RULE} Send the approved follow-up template instead.`,
    notSetUp: 'WhatsApp and SMS are not set up, so no message can be sent.',
    noNumber: 'This lead’s phone number is not one we can message (it could not be read as an international number).',
    followUpIsWhatsApp: 'The follow-up template goes by WhatsApp only. Write your reply: it goes by SMS.',
    /** A provider's refusal (502): what happened and what to do, nothing of the buyer's. */
    provider: {
      retry: (channel: MessageChannel) =>
        `${CHANNEL_NAMES[channel]} did not take the message just now, so nothing was sent. Try again in a minute.`,
      unreachable: (channel: MessageChannel) =>
        channel === 'whatsapp'
          ? 'This number cannot get WhatsApp messages (it may not be on WhatsApp), so nothing was sent. Call the buyer instead.'
          : 'This number cannot get our SMS (it may not be a mobile number), so nothing was sent. Call the buyer instead.',
      config: (channel: MessageChannel) =>
        `${CHANNEL_NAMES[channel]} refused our account or template, so nothing was sent. Tell an owner: its settings need checking.`,
    },
  },
  /** The lead's history. */
  history: {
    sent: (channel: MessageChannel, kind: string) =>
      kind === 'template' ? 'sent the WhatsApp follow-up template' : `sent ${channel === 'sms' ? 'an SMS' : 'a WhatsApp message'}`,
  },
} as const;
