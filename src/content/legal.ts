import { BACKUP_RETENTION, RETENTION, type Period } from '@/content/retention';

/** Privacy Policy and Terms of Service. The privacy notice follows the Nigeria Data Protection Act 2023. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}
export interface LegalPage {
  path: '/privacy' | '/terms';
  title: string;
  description: string;
  updated: string;
  intro: (brand: string) => string;
  sections: (facts: { brand: string; email: string; address: string }) => LegalSection[];
}

/**
 * The edition of the privacy notice below: a newsletter consent records the edition the person confirmed under.
 * Change it with every change of the notice's text (the date, then the edition of that day).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29.4';

/** A retention period in words: "24 hours", "7 days", "24 months". */
export function describePeriod(period: Period): string {
  const [unit, count] = Object.entries(period)[0] as [string, number];
  return `${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
}

const kept = {
  leads: describePeriod(RETENTION.leads),
  unconfirmed: describePeriod(RETENTION.unconfirmedNewsletter),
  fingerprints: describePeriod(RETENTION.addressFingerprints),
  mailFiles: describePeriod(RETENTION.keptMailFiles),
  backups: describePeriod(BACKUP_RETENTION),
  visitorFingerprints: describePeriod(RETENTION.visitorFingerprints),
  visitCounts: describePeriod(RETENTION.visitCounts),
  moneyRecords: describePeriod(RETENTION.moneyRecords),
};

export const PRIVACY: LegalPage = {
  path: '/privacy',
  title: 'Privacy Policy',
  description:
    'What personal data we collect when you submit your interest or subscribe, why, how long we keep it and your rights under the Nigeria Data Protection Act 2023.',
  updated: '29 November 2026',
  intro: (brand) =>
    `${brand} (“we”) is the data controller for the personal data collected on this website. This notice explains what we collect, why, and the rights you have under the Nigeria Data Protection Act 2023 (NDPA).`,
  sections: ({ brand, email, address }) => [
    {
      heading: 'What we collect',
      paragraphs: ['We collect only what you give us and what we need to answer you:'],
      list: [
        'Submit Interest form: your title, full name, e-mail address, phone number and preferred district.',
        'Newsletter: your e-mail address, and when, from which page and under which version of this notice you confirmed your subscription.',
        'Site inspections: the inspection you book, how many people come with you, whether you came, and the e-mails we send you about it (the confirmation, reminders and any change). If you come without booking, our staff note your name and phone number.',
        'WhatsApp and SMS: the messages we exchange with you by WhatsApp or text message, when they were sent, delivered and read, and whether you asked us to stop. If you start a chat with us on WhatsApp, we keep it as an enquiry like a submitted form: the name your WhatsApp profile shows, your number, your messages, the page or advertisement the chat came from, and the district it names.',
        'Your page (sign-in without a password): the e-mail address or phone number you sign in with, when you asked for a link or code, and for each device you sign in on a cookie that keeps you signed in (a random key; we keep only a one-way fingerprint of it), what kind of browser and system it is (for example “Chrome on Android”, never more), how you signed in and when you last opened your page. We never record where you are or your network address for it. If you add a passkey: its public key (your fingerprint or face never leaves your phone), what kind of system it was added on, and when it was added and last used.',
        'How you found us: the campaign tags in the link you followed (UTM parameters), the website that referred you and the first page you opened.',
        'Abuse prevention: a one-way, salted fingerprint of your network address, used only to limit repeated automated submissions. We never store your IP address itself. A site-inspection booking keeps the fingerprint of the network it was made from, so that one network cannot hold more than its share of seats (by default half of an inspection’s seats and 8 seats of those still to come); one phone number or e-mail address holds one booking still to come; a booking’s links accept 6 changes a day; and we send one e-mail address or phone number at most 8 messages a day of every kind. The site’s owner can change these limits.',
        'Visits: when our server sends you a page, it adds one to a count for that day, page and source (the campaign tags in the link you followed, or the website that referred you). To count visitors rather than page loads, it makes a one-way fingerprint of your network address and browser with a key that changes every day. We use no cookies and no tracking scripts, and the counts say nothing about who you are.',
      ],
    },
    {
      heading: 'Why we use it and our lawful basis',
      paragraphs: [
        'We use your interest details to call or e-mail you about plots in our districts, arrange site visits and prepare offers. The lawful basis is your consent, given when you submit the form, and steps you ask us to take before a contract (NDPA section 25).',
        'We use your newsletter address to send you news about our districts, on the basis of your consent. Signing up sends you one e-mail with a button to confirm; nothing more is sent unless you press it. Every newsletter has an unsubscribe link.',
        'When you submit your interest we send one message to the phone number you gave, by WhatsApp (or by SMS where WhatsApp cannot reach you), saying who will call you and from which number, so you know the call is ours. Anyone can type a number into a form, so until you write to us from that number our messages to it greet you by your first name at most and repeat nothing else you typed, and our staff see that the number is not yet confirmed as yours. You can answer it, and our sales team answers you there. When you book a site inspection, its two reminders (a day and two hours before) come the same way as well as by e-mail, so they reach you on the road. Reply STOP on WhatsApp and nothing more is sent to that number by either channel; reply STOP to a text message and no more text messages are sent to it. Reply START on the same channel to undo it. We keep only a one-way fingerprint of the number, so the stop lasts even after your data is erased. We send text messages only to numbers in the countries we serve (Nigeria, unless we say otherwise) and only up to a daily number of them, so the form cannot be used to send texts at our cost; past that number, no more texts go that day (WhatsApp messages still do) and our sales team calls instead.',
        'We count visits to learn which of our advertisements and pages bring enquiries, in our legitimate interest in spending our advertising well; the counts build no profile of anyone.',
        'We do not sell your data, and we do not use it for automated decisions that affect you.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        `Only ${brand}’s sales and customer-care staff, and the service providers who host our website, send our e-mails and carry our WhatsApp messages (Meta) and text messages (Termii) under written data-processing agreements. Where a provider processes data outside Nigeria, we rely on the safeguards the NDPA requires for cross-border transfers.`,
        `Anyone you show a receipt, contract of sale or allocation letter of ours can check it on our check page with its number and check code: the page shows what it covers (district, plot, amount, date) and your initials only, never your name or contact details.`,
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        `Interest submissions: deleted ${kept.leads} after our team last worked on them (a note, a call logged or a change of status), or after we received them if nobody has since. If you become a customer, contract and tax law require us to keep records longer, and your enquiry is kept with them.`,
        `Payments for a plot (by card, bank transfer or a dedicated account), their receipts and the plot’s reservation or sale, with your name, e-mail address and phone number as the buyer: kept for six years (${kept.moneyRecords}) after your last payment, the period Nigerian tax and company law require for accounting records (the Companies and Allied Matters Act 2020 among them). If you ask us to erase your data, we erase everything else (your enquiry, notes, messages, site-inspection bookings, newsletter sign-up), never contact you for marketing again, and keep only these records, which we use for nothing but our accounts, tax and any dispute about the sale; after the six years your name, e-mail address and phone number are deleted from them too.`,
        `Your plot’s documents: the contract of sale and allocation letter we make for you, the signed scans we add of your survey plan, deed of assignment, consent or Certificate of Occupancy and physical allocation, and the record of when each was done and by whom: kept with your payments, for the same six years (${kept.moneyRecords}) after your last payment, because they are the record of the sale and of your title to the plot. An erasure keeps them as it keeps your payments, for nothing but the sale’s records and any dispute about it; six years after your last payment the files and letters naming you are then deleted.`,
        `Site-inspection bookings and the messages about them, and our WhatsApp and SMS messages with you: kept with your interest submission and deleted with it, never longer. The name and phone number of someone who came without booking: deleted ${kept.leads} after the inspection.`,
        `Newsletter: until you unsubscribe; we then keep only your address, when you confirmed and when you unsubscribed, so we can show we had your consent and never write to you again. A sign-up that is not confirmed within ${kept.unconfirmed} is deleted.`,
        `Abuse-prevention fingerprints: deleted within ${kept.fingerprints}.`,
        'Sign-in links and codes for your page: they work once, within 15 minutes, and are deleted a day after. A signed-in device: until you sign it out, 30 days after you signed in, or 14 days after you last opened your page, whichever comes first; deleted a day after it ends. A passkey: until you remove it on your page, or we erase your details.',
        `Visit fingerprints and the day’s key: deleted when the day ends (Lagos time), so never kept longer than ${kept.visitorFingerprints}. The visit counts themselves hold no personal data and are kept for ${kept.visitCounts}.`,
      ],
    },
    {
      heading: 'Copies that remain after deletion',
      paragraphs: [
        'Deleting or erasing your data removes it from our database at once. A few copies outside it remain for a limited time:',
      ],
      list: [
        `Backups of our database: kept for at most ${kept.backups}, so erased data is gone from them within that time. If we ever restore one, we erase again what you asked us to erase.`,
        `E-mails about your enquiry already delivered to our sales team, and the copy our customer-relationship system received: our team deletes them when you ask for erasure, and otherwise keeps them no longer than the enquiry itself (${kept.leads} after the last update).`,
        `E-mails our website could not hand to a mail server are kept as files on our server for at most ${kept.mailFiles}.`,
        'A record that we handled your request: who did it and when, with a keyed fingerprint of your e-mail address or phone number instead of the address or number itself.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['Under the NDPA you may, free of charge:'],
      list: [
        'ask for a copy of the personal data we hold about you;',
        'have inaccurate data corrected;',
        'have your data erased, or its use restricted;',
        'object to our use of it, and withdraw your consent at any time;',
        'receive your data in a portable, machine-readable format;',
        'complain to the Nigeria Data Protection Commission (NDPC) if you believe we have mishandled your data.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Write to our data protection contact at ${email}, or to ${brand}, ${address}. We answer within 30 days.`],
    },
  ],
};

export const TERMS: LegalPage = {
  path: '/terms',
  title: 'Terms of Service',
  description: 'The terms for using this website and the status of the prices and payment plans shown on it.',
  updated: '22 November 2026',
  intro: (brand) => `These terms apply to your use of the ${brand} website. By using it you accept them.`,
  sections: ({ brand, email }) => [
    {
      heading: 'Information on this website',
      paragraphs: [
        'Descriptions, illustrations, prices, plot sizes, landmarks, drive times and payment plans on this website are for information only. Illustrations are artist’s impressions. Prices and availability may change without notice.',
        'No sale or allocation is made through this website. A plot is reserved only by a written offer from us and payment of the initial deposit, under a contract of sale.',
      ],
    },
    {
      heading: 'Instalment views',
      paragraphs: [
        'Monthly amounts shown in an instalment view are indicative, with no interest charged. Your payment plan is agreed with our sales team in writing.',
      ],
    },
    {
      heading: 'Submitting your interest',
      paragraphs: [
        'Submitting your interest does not commit you to buy, and does not commit us to sell. Please give accurate contact details so that we can reach you.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not misuse the website: no automated submissions, attempts to break its security, or false details in another person’s name.',
      ],
    },
    {
      heading: 'Liability and law',
      paragraphs: [
        `${brand} is not liable for loss arising from reliance on information on this website, to the extent the law allows. These terms are governed by the laws of the Federal Republic of Nigeria.`,
        `Questions about these terms: ${email}.`,
      ],
    },
  ],
};

export const NOT_FOUND_COPY = {
  title: 'Page not found',
  heading: 'We could not find that page',
  text: 'The page you are looking for may have moved, or the link may be mistyped. Our districts are a click away.',
  home: 'Back to the home page',
};

export const LEGAL_UPDATED_LABEL = 'Last updated';
