import { bookingForName } from './inspections';
import { BOTH_DISTRICTS } from './notifications';

/**
 * What the buyer is sent by WhatsApp and SMS (docs/decisions/0394-whatsapp-and-sms.md). The first reply's WhatsApp
 * template must be approved by Meta with this text and its five parameters in this order (README, "WhatsApp and SMS").
 */
export const FIRST_REPLY_COPY = {
  parameters: (
    lead: { title: string | null; fullName: string; district: string | null },
    { agentName, brand, callFrom }: { agentName: string | undefined; brand: string; callFrom: string },
  ) => [bookingForName(lead.title, lead.fullName), lead.district ?? BOTH_DISTRICTS, agentName ?? 'Our sales team', brand, callFrom],
  /** The template's body with its parameters filled in: what the buyer reads on WhatsApp. */
  text: ([name, district, agent, brand, callFrom]: string[]) =>
    `Hello ${name}, thank you for your interest in ${district}. ${agent} of ${brand} will call you shortly from ${callFrom}. Reply here with any question, or STOP to get no more messages.`,
  /** By SMS: from a sender name, which cannot take replies, so the way to stop is the call itself. */
  sms: ([name, district, agent, brand, callFrom]: string[]) =>
    `Hello ${name}, thank you for your interest in ${district}. ${agent} of ${brand} will call you shortly from ${callFrom}. To get no more messages, tell us on the call.`,
} as const;

/** The one answer to a STOP, on the channel it came by: by SMS it stops SMS only (docs/decisions/0402). */
export const optOutAck = (brand: string, channel: 'whatsapp' | 'sms') =>
  channel === 'sms'
    ? `You will get no more SMS from ${brand}. Reply START to get them again.`
    : `You will get no more messages from ${brand}. Reply START to get them again.`;

/** The answer to a START that undid a STOP on the same channel. */
export const optInAck = (brand: string, channel: 'whatsapp' | 'sms') =>
  `You will get ${channel === 'sms' ? 'SMS' : 'messages'} from ${brand} again. Reply STOP to stop them.`;

/**
 * The approved template an agent sends once WhatsApp's 24-hour window has closed, with its three parameters in this
 * order (README, "WhatsApp and SMS").
 */
export const FOLLOW_UP_COPY = {
  parameters: (lead: { title: string | null; fullName: string }, { agentName, brand }: { agentName: string; brand: string }) => [
    bookingForName(lead.title, lead.fullName),
    agentName,
    brand,
  ],
  text: ([name, agent, brand]: string[]) =>
    `Hello ${name}, ${agent} of ${brand} tried to reach you about your plot enquiry. Reply here whenever it suits you, or STOP to get no more messages.`,
} as const;
