import { BOTH_DISTRICTS } from './notifications';

/**
 * The only words of a visitor's that a message to a buyer's phone carries (docs/decisions/0403-our-sender-speaks-only-
 * our-words.md): a first name. The name was typed into a form by anyone, for a number nobody has confirmed, and goes
 * out under our sender name; so it is the first word after any title ("Mrs Adaeze Okafor": Adaeze), and only when it
 * is letters alone (a hyphen or apostrophe between letters allowed: Ade-Bola, O'Neil) and at most FIRST_NAME_MAX
 * letters. Anything else (digits, punctuation, a sentence) greets without a name.
 */
export const FIRST_NAME_MAX = 20;
const FIRST_NAME = /^(?:\p{L}\p{M}*)+(?:['’-](?:\p{L}\p{M}*)+)*$/u;
/** Titles people type before their name though the form asks for the title apart. */
const HONORIFICS = new Set(
  'mr mrs ms miss mx dr prof chief engr alhaji alhaja hajia hajiya pastor rev barr hon sir madam dame lady mallam arc pharm otunba elder deacon deaconess bishop apostle prophet evangelist'.split(
    ' ',
  ),
);

export function firstNameOf(fullName: string): string | undefined {
  const words = fullName
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .split(/\s+/);
  const first = words.find((word) => !HONORIFICS.has(word.toLowerCase().replace(/\.$/, '')));
  if (!first || [...first].length > FIRST_NAME_MAX || !FIRST_NAME.test(first)) return undefined;
  return first;
}

/** The greeting's name in a message to a buyer's phone: their first name, else "there" ("Hello there,"). */
export const phoneGreetingName = (fullName: string) => firstNameOf(fullName) ?? 'there';

/**
 * What the buyer is sent by WhatsApp and SMS (docs/decisions/0394-whatsapp-and-sms.md). The first reply's WhatsApp
 * template must be approved by Meta with this text and its five parameters in this order (docs/configuration.md, WHATSAPP_FIRST_REPLY_TEMPLATE).
 */
export const FIRST_REPLY_COPY = {
  parameters: (
    lead: { title: string | null; fullName: string; district: string | null },
    { agentName, brand, callFrom }: { agentName: string | undefined; brand: string; callFrom: string },
  ) => [phoneGreetingName(lead.fullName), lead.district ?? BOTH_DISTRICTS, agentName ?? 'Our sales team', brand, callFrom],
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
 * order (docs/configuration.md, WHATSAPP_FOLLOW_UP_TEMPLATE).
 */
export const FOLLOW_UP_COPY = {
  parameters: (lead: { title: string | null; fullName: string }, { agentName, brand }: { agentName: string; brand: string }) => [
    phoneGreetingName(lead.fullName),
    agentName,
    brand,
  ],
  text: ([name, agent, brand]: string[]) =>
    `Hello ${name}, ${agent} of ${brand} tried to reach you about your plot enquiry. Reply here whenever it suits you, or STOP to get no more messages.`,
} as const;
