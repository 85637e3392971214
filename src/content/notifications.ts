import type { NotificationChannel, NotificationState } from '@/lib/db/enums';
import { STAFF_COPY } from './staff';

/** Copy of the messages every lead sets off, and of their states in the staff area. */

/** Where a buyer who has not said which district is interested, as we write to them. */
export const BOTH_DISTRICTS = 'our plots in Abuja and Ibadan';

/** A lead as the staff's messages name it: `name` with its title, `district` as staff read it (src/content/staff.ts). */
export interface LeadForMessage {
  name: string;
  /** Null for a lead whose chat began on WhatsApp (docs/decisions/0399). */
  email: string | null;
  phone: string;
  district: string;
}

export const SALES_EMAIL_COPY = {
  subject: (lead: LeadForMessage) => `New lead: ${lead.district} — ${lead.name}`,
  /** By where the lead began: the form, or a chat the buyer started on WhatsApp (docs/decisions/0399). */
  intro: {
    form: 'A new lead has just submitted interest on the website. Call within the hour: leads called within five minutes are far likelier to buy.',
    whatsapp:
      'A buyer has just started a chat with us on WhatsApp. Their first message is on the lead, and you can answer it there. Call within the hour: leads called within five minutes are far likelier to buy.',
  },
  // The staff area's own field labels, so a lead reads the same in the e-mail and in the inbox.
  fields: { ...STAFF_COPY.lead.fields, received: STAFF_COPY.lead.received, agent: 'Agent' },
  noAgent: 'Not assigned yet',
  attribution: 'Where the lead came from',
  noAttribution: 'Direct (no campaign or referrer recorded)',
  call: 'Call',
  whatsapp: 'WhatsApp',
  openInInbox: 'Open the lead in the staff inbox',
  /** The opening WhatsApp message to a lead: from the sales e-mail (the team) and from the inbox (the signed-in agent by name). */
  /** To the buyer, so a district not said yet is our plots in both. */
  whatsappGreeting: (lead: { name: string; district: string | null }, brand: string, agent?: string) =>
    `Good day ${lead.name}, thank you for your interest in ${lead.district ?? BOTH_DISTRICTS}. This is ${agent ? `${agent} of ` : ''}the sales team of ${brand}.`,
} as const;

/** The one reminder about a lead still new after its first working hour (docs/decisions/0206-overdue-leads.md). */
export const OVERDUE_REMINDER_COPY = {
  subject: (lead: LeadForMessage) => `Still waiting for a call: ${lead.name} (${lead.district})`,
  intro: (lead: LeadForMessage, received: string, targetMinutes: number) =>
    `${lead.name} (${lead.district}) came in at ${received} and has not been contacted after ${targetMinutes === 60 ? 'an hour' : `${targetMinutes} minutes`} of working time. Please call now, then mark the lead contacted in the inbox.`,
  why: 'You get this reminder once per lead, because the lead is yours (or unassigned) and still new.',
} as const;

export const RECEIPT_COPY = {
  subject: (district: string) => `We have received your interest in ${district}`,
  greeting: (lead: LeadForMessage) => `Dear ${lead.name},`,
  received: (district: string) => `Thank you for your interest in ${district}. Your details have reached our sales team.`,
  nextTitle: 'What happens next',
  next: [
    'A member of our sales team will call you on the number you gave us, usually within the hour on working days.',
    'We will answer your questions, share the payment plan and arrange a site inspection — in person, or a live video tour if you are abroad.',
  ],
  /** The receipt's own way to book (docs/decisions/0391): a signed link, the buyer's details already known. */
  book: 'Book a site inspection',
  bookIntro: 'Choose a date for your site inspection now, in person or as a live video tour: your details are already with us.',
  reachTitle: 'You can also reach us',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  notYou: 'If you did not submit this form, you can ignore this e-mail: nothing more will be sent.',
  signOff: (brand: string) => `Warm regards,\nThe ${brand} team`,
} as const;

const NO_MAIL_SERVER = 'not sent: no mail server configured (kept as an .eml file on the server)';

/** What the staff area says of each notification. */
export const NOTIFICATION_COPY = {
  title: 'Notifications',
  channels: {
    sales_email: 'E-mail to sales',
    receipt: 'Receipt to the visitor',
    webhook: 'Webhook (CRM)',
    push: 'Push alert to phones',
    first_reply: 'First reply to the buyer (WhatsApp or SMS)',
  } satisfies Record<NotificationChannel, string>,
  states: {
    queued: 'queued',
    sent: 'sent',
    failed: 'failed',
    not_configured: 'not sent',
    skipped: 'not sent',
  } satisfies Record<NotificationState, string>,
  /** Why a message of each channel was not sent (state not_configured). */
  notConfigured: {
    sales_email: NO_MAIL_SERVER,
    receipt: NO_MAIL_SERVER,
    webhook: 'not sent: no webhook configured',
    push: 'not sent: nobody it goes to has alerts on a phone',
    first_reply: 'not sent: neither WhatsApp nor SMS is set up',
  } satisfies Record<NotificationChannel, string>,
  receiptLimit: 'not sent: this address already received 3 receipts today',
  /** Why a first reply was not sent (the buyer said STOP, the number cannot get it, the number's limit for the day). */
  skipped: (reason: string | null) => `not sent: ${reason ?? 'skipped'}`,
  sentAt: (when: string) => `sent ${when}`,
  attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
  resend: 'Send again',
  resent: 'Queued to be sent again.',
  failedBanner: (n: number) => (n === 1 ? '1 notification could not be delivered' : `${n} notifications could not be delivered`),
  pending: 'being prepared',
} as const;

/**
 * To every owner when a channel has been failing for 10 minutes, and once more when it works again
 * (docs/decisions/0112-health-metrics-and-owner-alerts.md). Counts, times and the error's kind only: no personal data.
 */
export const OWNER_ALERT_COPY = {
  failingSubject: (channel: string, brand: string) => `Alert: ${channel} is failing (${brand})`,
  failingIntro: (channel: string, since: string) => `${channel} has been failing since ${since} (Lagos time).`,
  waiting: (n: number) => (n === 1 ? '1 message is waiting to be delivered.' : `${n} messages are waiting to be delivered.`),
  lastError: 'Last error',
  noError: 'none recorded',
  kept: 'Nothing is lost yet: waiting messages are kept and tried again, for up to 24 hours after each lead. You will get one more message when it works again.',
  recoveredSubject: (channel: string, brand: string) => `Recovered: ${channel} works again (${brand})`,
  recoveredIntro: (channel: string, since: string, until: string, duration: string) =>
    `${channel} works again since ${until} (Lagos time). It had been failing since ${since}, for ${duration}.`,
  recoveredNext: 'The messages that were waiting are being delivered now; the System page shows any still waiting.',
  systemPage: 'Open the System page',
  why: 'You get this because you are an owner of the site.',
} as const;

/** To owners, once per flood of leads (docs/decisions/0343-a-flood-is-held-not-refused.md). */
export const FLOOD_ALERT_COPY = {
  subject: (brand: string) => `Alert: leads are being held in a flood (${brand})`,
  intro: (since: string) =>
    `Since ${since} (Lagos time) leads have been arriving faster than buyers send them, or many at once from one block of addresses.`,
  held: (n: number) =>
    n === 1
      ? '1 lead is held so far. It is stored and its sender was answered as usual, but nobody has been e-mailed about it.'
      : `${n} leads are held so far. They are stored and their senders were answered as usual, but nobody has been e-mailed about them.`,
  next: 'Look through them in the inbox: release them if they are real (the sales team and the buyers get their e-mails then) or discard them. Leads from other networks keep arriving as usual.',
  review: 'Review the held leads',
  once: 'You get one such message per flood.',
} as const;

/** The owners' one e-mail of a day whose SMS budget ran out (docs/decisions/0402). */
export const SMS_PAUSED_ALERT_COPY = {
  subject: (brand: string) => `Alert: SMS is paused for today (${brand})`,
  intro: (limit: number, since: string) =>
    `Today's ${limit} SMS (SMS_DAILY_LIMIT) had all been sent by ${since} (Lagos time), so no more SMS goes until midnight in Lagos.`,
  meanwhile:
    'First replies and inspection reminders still go by WhatsApp where the number is on it; those that needed an SMS are marked on their leads as not sent.',
  next: 'If these were real buyers, raise SMS_DAILY_LIMIT and restart the site. If not, someone may be using the form to send SMS at your cost: look at the newest leads.',
  review: 'Open the System page',
  once: 'You get one such message per day.',
};

/** To owners, once per slot, when it filled from few client networks (docs/decisions/0401). */
export const SLOT_NETWORKS_ALERT_COPY = {
  subject: (brand: string) => `Alert: an inspection filled from few connections (${brand})`,
  intro: (when: string, district: string, networks: number) =>
    `The site inspection of ${when} (Lagos time) in ${district} is full, and its buyers booked from ${networks === 1 ? 'one internet connection' : `only ${networks} internet connections`}.`,
  next: 'That may be one office booking for its staff, or a script holding seats that real buyers cannot then book. Look at the bookings: call them, and cancel any that are not real (the buyer is told and the waiting list moves up).',
  review: 'Open the Inspections page',
  once: 'You get one such message per inspection. INSPECTION_FEW_NETWORKS sets how few connections it takes.',
} as const;

/** A new lead's push alert on staff phones (docs/decisions/0364): the district, who, and what to do. */
export const LEAD_PUSH_COPY = {
  title: (district: string) => `New lead · ${district}`,
  body: (lead: LeadForMessage) => `${lead.name} · Tap to call`,
} as const;

/** A lead that moved on because nobody claimed it in time (docs/decisions/0365): its push and e-mail. */
export const HAND_OVER_COPY = {
  pushTitle: (district: string, toOwners: boolean) => (toOwners ? `Unclaimed lead · ${district}` : `Lead passed to you · ${district}`),
  subject: (lead: LeadForMessage, toOwners: boolean) =>
    toOwners ? `Nobody claimed ${lead.name}: the lead is with the owners` : `Lead passed to you: ${lead.name}`,
  intro: (lead: LeadForMessage, minutes: number, toOwners: boolean) =>
    toOwners
      ? `No agent claimed ${lead.name} (${lead.district}) within ${minutes} working minutes of being offered it, so the lead is now with the owners and nobody's yet. Call, or give it to an agent.`
      : `${lead.name} (${lead.district}) was not claimed within ${minutes} working minutes, so the lead is now yours. Call, then tap "I'm on it" on the lead.`,
  why: 'A new lead moves on when its agent has not claimed it in time, so every buyer gets a call within minutes.',
} as const;

/**
 * Why a message to a buyer did not go, as staff read it on the lead (docs/decisions/0401, 0402): SMS withheld by its
 * countries or its daily budget, and the daily cap of messages to one address or number.
 */
export const WITHHELD_COPY = {
  smsCountry: (allowed: string[], country: string | undefined) =>
    `SMS goes only to numbers in ${allowed.join(', ')} (SMS_COUNTRIES); this number is ${country ? `in ${country}` : 'in no country'}, so no SMS was sent.`,
  smsPaused: (limit: number) =>
    `SMS is paused until midnight in Lagos: today's ${limit} SMS (SMS_DAILY_LIMIT) have been sent, so no SMS was sent. An owner can raise the limit.`,
  buyerCap: 'daily limit of messages to this address or number reached (BUYER_MESSAGES_PER_DAY)',
};
