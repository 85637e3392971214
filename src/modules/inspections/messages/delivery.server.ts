import 'server-only';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import type { InspectionMessageKind } from '@/lib/db/enums';
import { GIVE_UP_AFTER_MS } from '@/modules/messaging';
import { deliverMessage, emailChannel, SENDING_LEASE_MS, type NotSent, type OutboxSender } from '@/modules/messaging/server';
import { leadAlertRecipients } from '@/modules/leads/server';
import { inspectionChangeCutoffHours } from '@/modules/inspections/cutoff.server';
import { signInspectionLink } from '@/modules/leads/server';
import { BUYER_CAP_REACHED, buyerMessageAllowed } from '@/modules/messaging/server';
import {
  activeOwners,
  bookingMessageOf,
  isReminder,
  messageForDelivery,
  waitingPlaceOf,
  type MessageForDelivery,
} from '@/modules/inspections/messages.repository.server';
import { bookPathOf, INSPECTION_PATHS } from '@/modules/leads';
import { pushToStaff } from '@/modules/staff/server';
import { bookingCalendar } from '../buyer/calendar.server';
import { BUYER_CHANNELS, type BuyerChannels, type ChannelOutcome } from './channels.server';
import {
  bookingAlertEmail,
  bookingAlertPush,
  buyerMessage,
  reminderForPhone,
  slotFillingEmail,
  slotFillingPush,
  type BookingView,
  type BuyerMessageKind,
} from './render';

/**
 * Sending a booking's messages (docs/decisions/0391), through the one outbox (docs/decisions/0410): its worker claims
 * each message (`sending`) and asks this sender whether it is still wanted, with the booking as it is after the claim
 * (a reminder of a booking cancelled or moved since is withdrawn, never sent), then to send it.
 *
 * A crash between the mail server taking a message and the outbox saying so leaves it `sending`. What then is the
 * one choice here: a reminder found so is not sent again (marked failed, "interrupted"): a reminder missed is a small
 * loss, two are what the issue forbids. A change's message (the confirmation, a move, a cancel) and a staff alert are
 * sent again: a buyer without their confirmation is worse off than one with two, and both copies carry one Message-ID,
 * by which many mail services keep one.
 */

/** A `sending` message younger than this may still be in a sender's hands: left alone (the outbox's lease). */
export { SENDING_LEASE_MS };

/** The sender of a booking's (and a slot's) messages, with the buyer channels it sends by (tests give stand-ins). */
export function bookingOutboxSender(channels: BuyerChannels = BUYER_CHANNELS): OutboxSender<MessageForDelivery> {
  return {
    async load(db, messages) {
      const found = new Map<string, MessageForDelivery>();
      // Few at a time (a booking's change sets off a handful): one read each.
      for (const message of messages) {
        const context = await messageForDelivery(db, bookingMessageOf(message));
        if (context) found.set(message.id, context);
      }
      return found;
    },
    stillWanted: (_message, context, at) => noLongerTrue(context, at),
    notAgain: (message) => isReminder(message.kind as InspectionMessageKind),
    async send(db, _message, context) {
      const outcome = await send(db, context, channels);
      return outcome === 'sent' ? 'sent' : SETTLED[outcome];
    },
    // A reminder is of no use once its inspection began; a change's message or an alert ends by the one policy.
    giveUp: (message, { slot }) =>
      isReminder(message.kind as InspectionMessageKind)
        ? { from: message.dueAt, afterMs: slot.startsAt.getTime() - message.dueAt.getTime() }
        : { from: message.dueAt, afterMs: GIVE_UP_AFTER_MS },
  };
}

/** The outbox's senders of this module: a booking's messages, and a slot's (its owners' alert). */
export const bookingSenders = (channels?: BuyerChannels) => {
  const sender = bookingOutboxSender(channels) as OutboxSender<never>;
  return { booking: sender, slot: sender };
};

export interface DeliveryOptions {
  now?: () => Date;
  /** The buyer channels (tests put a stand-in here). */
  channels?: BuyerChannels;
}

/** One booking message, as the outbox's worker sends it: throws when it is to be tried again. */
export async function deliverInspectionMessage(db: Db, messageId: string, options: DeliveryOptions = {}): Promise<void> {
  await deliverMessage(db, bookingSenders(options.channels), messageId, options.now);
}

/** How a channel's answer leaves the message's row. */
const SETTLED = {
  not_configured: { state: 'not_configured', lastError: 'not configured' },
  opted_out: { state: 'withdrawn', lastError: 'the number said STOP' },
  // Not retried: the lead's messages say which limit kept it (docs/decisions/0402).
  sms_withheld: { state: 'not_configured', lastError: 'SMS withheld by its limits (SMS_COUNTRIES or SMS_DAILY_LIMIT)' },
  capped: { state: 'withdrawn', lastError: BUYER_CAP_REACHED },
} as const satisfies Record<Exclude<ChannelOutcome | 'capped', 'sent'>, NotSent>;

/** Why a message is not to go any more, or undefined when it is. */
function noLongerTrue({ message, booking, slot, lead }: MessageForDelivery, at: Date): string | undefined {
  if (message.kind === 'slot_filling') {
    if (slot.cancelledAt) return 'the slot was called off';
    return at >= slot.startsAt ? 'the inspection began' : undefined;
  }
  if (!booking) return 'the booking is gone';
  if (isReminder(message.kind)) {
    if (booking.state !== 'confirmed') return 'the booking is no longer confirmed';
    if (slot.cancelledAt) return 'the slot was called off';
    if (slot.startsAt.getTime() !== message.aboutStartsAt.getTime()) return 'the booking moved';
    if (at >= slot.startsAt) return 'the inspection began';
    return undefined;
  }
  // What happened is told as it happened, unless the booking was cancelled before its news went (the cancel says so).
  if (booking.state === 'cancelled' && message.kind !== 'cancelled' && message.kind !== 'called_off')
    return 'the booking was cancelled before this went';
  if (message.kind === 'waiting' && booking.state !== 'waiting') return 'the booking left the waiting list before this went';
  if (!lead) return 'no address: a walk-in';
  return undefined;
}

const viewOf = ({ booking, slot, lead }: MessageForDelivery): BookingView => ({
  person: { title: lead?.title ?? null, fullName: lead?.fullName ?? '' },
  slot,
  partySize: booking?.partySize ?? 0,
  state: booking?.state ?? 'confirmed',
});

/** Where the sales team's e-mails go, as for a new lead: LEADS_NOTIFY_TO, or without it the site's contact address. */
const salesAddresses = () => getEnv().LEADS_NOTIFY_TO ?? [getSiteFacts().email];

async function send(db: Db, found: MessageForDelivery, channels: BuyerChannels): Promise<ChannelOutcome | 'capped'> {
  const { message, booking, slot, lead } = found;
  const siteUrl = getSiteUrl();
  const view = viewOf(found);
  switch (message.kind) {
    case 'slot_filling': {
      if (message.channel === 'push')
        return pushToStaff(
          db,
          (await activeOwners(db)).map((owner) => owner.id),
          slotFillingPush(slot, slot.id, slot.seatsTaken, slot.seats),
        );
      const owners = await activeOwners(db);
      if (!owners.length) return 'not_configured';
      const result = await emailChannel.send(db, {
        ...slotFillingEmail(slot, slot.seatsTaken, slot.seats, siteUrl),
        to: owners.map((owner) => owner.email),
      });
      return result.sent ? 'sent' : 'not_configured';
    }
    case 'agent_alert': {
      if (!lead || !booking) return 'not_configured';
      if (message.channel === 'push')
        return pushToStaff(db, await leadAlertRecipients(db, lead), bookingAlertPush(view, lead.id, booking.id));
      const agent = found.leadAgent;
      const result = await emailChannel.send(db, {
        ...bookingAlertEmail(view, lead, siteUrl),
        to: [...new Set([...salesAddresses(), ...(agent ? [agent.email] : [])])],
        replyTo: lead.email ?? undefined,
        recordId: lead.id,
      });
      return result.sent ? 'sent' : 'not_configured';
    }
    default:
      return sendToBuyer(db, found, message.kind, channels);
  }
}

async function sendToBuyer(
  db: Db,
  found: MessageForDelivery,
  kind: BuyerMessageKind,
  channels: BuyerChannels,
): Promise<ChannelOutcome | 'capped'> {
  const { message, booking, slot, lead } = found;
  if (!lead || !booking) return 'not_configured';
  // The one cap on messages to a buyer's address or number per day (docs/decisions/0401), at the first attempt.
  const to = message.channel === 'email' ? lead.email && { email: lead.email } : lead.phoneE164 && { phone: lead.phoneE164 };
  if (to && !(await buyerMessageAllowed(db, to, { firstAttempt: message.attempts === 0 }))) return 'capped';
  const facts = getSiteFacts();
  const siteUrl = getSiteUrl();
  const view = viewOf(found);
  const manageUrl = `${siteUrl}${INSPECTION_PATHS.change(await signInspectionLink(db, 'manage', booking.id))}`;
  const ended = kind === 'cancelled' || kind === 'called_off';
  const bookUrl = ended ? `${siteUrl}${bookPathOf(slot.district, await signInspectionLink(db, 'book', lead.id))}` : undefined;
  // The calendar file goes with the news that changes the calendar: confirmed, moved, cancelled (as a cancellation).
  const withCalendar = ended || ((kind === 'booked' || kind === 'promoted' || kind === 'moved') && booking.state === 'confirmed');
  const rendered = buyerMessage(kind, view, {
    brand: facts.brand,
    whatsapp: facts.whatsapp,
    manageUrl,
    bookUrl,
    cutoffHours: await inspectionChangeCutoffHours(db),
    waitingPlace: booking.state === 'waiting' ? await waitingPlaceOf(db, booking.id) : null,
    calendar: withCalendar,
  });
  const host = new URL(siteUrl).hostname;
  const calendar = withCalendar
    ? bookingCalendar({ ...view, id: booking.id, updatedAt: booking.updatedAt }, { brand: facts.brand, siteUrl, manageUrl, ended })
    : undefined;
  const channel = channels[message.channel as keyof BuyerChannels];
  if (!channel) return 'not_configured';
  return channel.send(
    { leadId: lead.id, email: lead.email, phone: lead.phone, phoneE164: lead.phoneE164 },
    {
      ...rendered,
      calendar,
      messageId: `<${message.id}@${host}>`,
      replyTo: facts.email,
      phone: isReminder(message.kind) ? reminderForPhone(view, facts.brand) : undefined,
    },
    db,
  );
}
