/**
 * Copy of the messages a site-inspection booking sets off (docs/decisions/0391): to the buyer, one per change and the
 * two reminders; to staff, the new booking's alert and a slot filling up. Times are Lagos time, said so, since many
 * buyers read them abroad.
 */

/** A booking as its messages name it. */
export interface BookingForCopy {
  /** "Mrs Ada Okafor". */
  person: string;
  /** "Saturday 14 November 2026". */
  day: string;
  /** "10:00". */
  time: string;
  /** "Sat 14 Nov, 10:00". */
  short: string;
  /** "District 1, Lugbe, Abuja". */
  district: string;
  video: boolean;
  partySize: number;
}

const what = (b: Pick<BookingForCopy, 'video'>) => (b.video ? 'live video tour' : 'site inspection');
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export const BUYER_MESSAGE_COPY = {
  greeting: (b: BookingForCopy) => `Dear ${b.person},`,
  subjects: {
    booked: (b: BookingForCopy) => `Your ${what(b)} is booked: ${b.short} (Lagos time)`,
    waiting: (b: BookingForCopy) => `You are on the waiting list: ${what(b)}, ${b.short}`,
    promoted: (b: BookingForCopy) => `A seat came free: you are confirmed for ${b.short}`,
    moved: (b: BookingForCopy) => `Your ${what(b)} has moved to ${b.short} (Lagos time)`,
    movedWaiting: (b: BookingForCopy) => `Your ${what(b)}: on the waiting list for ${b.short}`,
    cancelled: (b: BookingForCopy) => `Your ${what(b)} on ${b.short} is cancelled`,
    called_off: (b: BookingForCopy) => `We have had to call off the ${what(b)} on ${b.short}`,
    reminder_24h: (b: BookingForCopy) => `Reminder: your ${what(b)} on ${b.short} (Lagos time)`,
    reminder_2h: (b: BookingForCopy) => `Today at ${b.time} (Lagos time): your ${what(b)}`,
  },
  intros: {
    booked: (b: BookingForCopy) => `Your ${what(b)} of ${b.district} is booked for ${people(b.partySize)}. We look forward to meeting you.`,
    waiting: (b: BookingForCopy, place: number | null) =>
      `The ${what(b)} of ${b.district} on ${b.short} is full, so you are on its waiting list${place ? ` (number ${place} in line)` : ''}. If a seat comes free we confirm you at once and e-mail you. You can also choose another slot with room.`,
    promoted: (b: BookingForCopy) =>
      `Good news: a seat came free on the ${what(b)} of ${b.district}, and you are confirmed, for ${people(b.partySize)}.`,
    moved: (b: BookingForCopy) =>
      `Your ${what(b)} of ${b.district} has moved. Here is the new time; the calendar file attached replaces the old one.`,
    movedWaiting: (b: BookingForCopy) =>
      `Your booking has moved to the ${what(b)} of ${b.district} on ${b.short}, which is full: you are on its waiting list, and we e-mail you the moment a seat comes free.`,
    cancelled: (b: BookingForCopy) =>
      `Your ${what(b)} of ${b.district} on ${b.day} at ${b.time} (Lagos time) is cancelled, and your seats are free for others. You are welcome to book another slot at any time.`,
    called_off: (b: BookingForCopy) =>
      `We are sorry: we have had to call off the ${what(b)} of ${b.district} on ${b.day} at ${b.time} (Lagos time). Your booking is cancelled. Please choose another slot; your details are already with us.`,
    reminder_24h: (b: BookingForCopy) => `A reminder: your ${what(b)} of ${b.district} is on ${b.day} at ${b.time} (Lagos time).`,
    reminder_2h: (b: BookingForCopy) => `A reminder: your ${what(b)} of ${b.district} starts today at ${b.time} (Lagos time).`,
  },
  detailsTitle: 'Your booking',
  fields: { when: 'When', where: 'Where', district: 'District', party: 'People' },
  when: (b: BookingForCopy) => `${b.day}, ${b.time} Lagos time (WAT, UTC+1)`,
  party: (n: number) => people(n),
  videoTour: 'Live video tour, online',
  openMap: 'Open the pickup point in Maps',
  joinVideo: 'Join the video tour',
  videoLinkLater: 'Your guide sends the link to join on WhatsApp before the tour.',
  bringTitle: 'What to bring',
  bring: {
    on_site: [
      'A valid photo ID (international passport, driver’s licence, national ID card or voter’s card).',
      'Your lawyer or surveyor is welcome: the title documents are there for them to inspect.',
      'Comfortable shoes: you walk the plots.',
    ],
    video: [
      'A valid photo ID to hand.',
      'Your lawyer is welcome to join the call: we show the title documents on screen.',
      'A steady internet connection; a laptop or tablet shows the plots best.',
    ],
  },
  guideTitle: 'Your guide',
  guide: (agent: string | null) => (agent ? `${agent} leads this inspection.` : 'Our sales team leads this inspection.'),
  whatsapp: 'Message us on WhatsApp',
  whatsappMessage: (b: BookingForCopy, agent: string | null) =>
    `Hello${agent ? ` ${agent}` : ''}, this is ${b.person}, about my ${what(b)} of ${b.district} on ${b.short}.`,
  manageTitle: 'Need to change it?',
  manage: (cutoffHours: number) =>
    `You can move or cancel your booking from this link up to ${cutoffHours === 1 ? '1 hour' : `${cutoffHours} hours`} before it starts; after that, message us on WhatsApp.`,
  manageLink: 'Move or cancel your booking',
  waitingManage: 'Choose another slot or leave the waiting list',
  bookAgain: 'Book another slot',
  calendar: 'The calendar file attached (.ics) adds it to your phone’s or computer’s calendar.',
  calendarCancelled: 'The calendar file attached removes it from your calendar.',
  notYou: 'If you did not book this, reply to this e-mail and we will cancel it, so the seats go to others.',
  signOff: (brand: string) => `Warm regards,\nThe ${brand} team`,
  calendarSummary: (b: Pick<BookingForCopy, 'video' | 'district'>, brand: string) =>
    `${b.video ? 'Live video tour' : 'Site inspection'}: ${b.district} (${brand})`,
  calendarDescription: (b: BookingForCopy, agent: string | null, manageUrl: string) =>
    [
      `${b.video ? 'Live video tour' : 'Site inspection'} of ${b.district} for ${people(b.partySize)}.`,
      agent ? `Your guide: ${agent}.` : '',
      'Bring a valid photo ID; your lawyer is welcome.',
      `Move or cancel: ${manageUrl}`,
    ]
      .filter(Boolean)
      .join('\n'),
} as const;

/**
 * A reminder on the buyer's phone (docs/decisions/0397): WhatsApp's approved utility template, whose body must be
 * approved by Meta as `Hello {{1}}, a reminder: your {{2}} is on {{3}}. Reply here with any question, or STOP to get no
 * more messages.` (docs/configuration.md, WHATSAPP_REMINDER_TEMPLATE), or one SMS of under 160 characters where WhatsApp cannot reach.
 */
export const REMINDER_PHONE_COPY = {
  /** `firstName`: the greeting's name, the buyer's first name only (phoneGreetingName, src/content/conversations.ts). */
  parameters: (b: BookingForCopy, firstName: string) => [firstName, `${what(b)} of ${b.district}`, `${b.day} at ${b.time} (Lagos time)`],
  /** The template's body with its parameters filled in: what the buyer reads on WhatsApp, and the lead page shows. */
  text: ([name, about, when]: string[]) =>
    `Hello ${name}, a reminder: your ${about} is on ${when}. Reply here with any question, or STOP to get no more messages.`,
  sms: (b: BookingForCopy, brand: string) =>
    `${brand}: a reminder, your ${what(b)} of ${b.district} is on ${b.short} (Lagos time). Reply STOP to opt out.`,
} as const;

/** To the lead's agent (and the sales addresses), as the new lead's e-mail and push alert. */
export const BOOKING_ALERT_COPY = {
  subject: (b: BookingForCopy, waiting: boolean) =>
    `${waiting ? 'Waiting list' : 'Inspection booked'}: ${b.person}, ${b.short} (${b.district})`,
  intro: (b: BookingForCopy, waiting: boolean) =>
    waiting
      ? `${b.person} joined the waiting list of the ${what(b)} on ${b.day} at ${b.time} (Lagos time), for ${people(b.partySize)}. The slot is full; a seat that comes free goes to the first in line.`
      : `${b.person} booked the ${what(b)} on ${b.day} at ${b.time} (Lagos time), for ${people(b.partySize)}. A call before the day makes a visit far likelier.`,
  pushTitle: (district: string, waiting: boolean) => `${waiting ? 'Waiting list' : 'Inspection booked'} · ${district}`,
  pushBody: (b: BookingForCopy) => `${b.person}, ${people(b.partySize)}, ${b.short}`,
  why: 'You get this because the lead is yours, or you receive the sales team’s e-mails.',
} as const;

/** To the owners, once per slot: its seats are nearly all taken. */
export const SLOT_FILLING_COPY = {
  subject: (b: Pick<BookingForCopy, 'short' | 'district'>, taken: number, seats: number) =>
    `Nearly full: ${b.short}, ${b.district} (${taken} of ${seats} seats)`,
  intro: (b: Pick<BookingForCopy, 'day' | 'time' | 'district' | 'video'>, taken: number, seats: number) =>
    `${taken} of the ${seats} seats of the ${what(b)} of ${b.district} on ${b.day} at ${b.time} are taken. Add seats or another slot before buyers are turned away to the waiting list.`,
  pushTitle: 'Inspection nearly full',
  pushBody: (b: Pick<BookingForCopy, 'short' | 'district'>, taken: number, seats: number) =>
    `${b.short}, ${b.district}: ${taken} of ${seats} seats`,
  open: 'Open the Inspections page',
  why: 'You get this once per slot, as an owner.',
} as const;
