/** How long an inspection takes, for the calendar file: the trip from the pickup point and back, or the video call. */
export const INSPECTION_MINUTES = { on_site: 180, video: 60 } as const;

/** "Mrs A. Okafor": who a booking is for, without spelling out the whole name. */
export function bookingForName(title: string | null, fullName: string): string {
  // A chat's lead has no title (docs/decisions/0399): the name its WhatsApp profile shows, as it shows it.
  if (!title) return fullName.trim();
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return `${title} ${parts[0] ?? ''}`.trim();
  return `${title} ${parts[0][0].toUpperCase()}. ${parts.at(-1)}`;
}

const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** The buyer's pages: the booking page of each district, the booking's own page, and moving or cancelling it. */
export const INSPECTION_COPY = {
  /** The way in, on /d1 and /d2 and after "Interest Submitted!". */
  bookAction: 'Book a site inspection',
  wayInText: 'Saturdays on site with our team, or a live video tour if you are abroad. Pick a time online in a minute.',
  book: {
    metaTitle: (districtName: string) => `Book a site inspection — ${districtName}`,
    metaDescription: (districtName: string, area: string) =>
      `Pick a time to walk ${districtName} in ${area} with our team, or to join a live video tour from abroad.`,
    eyebrow: (area: string, city: string) => `${area}, ${city}`,
    heading: 'Book a site inspection',
    intro: (districtName: string) =>
      `Stand on the plots of ${districtName}, see the title documents and ask us anything before you pay. Free, with no obligation.`,
    bookingFor: (name: string) => `Booking for ${name}`,
    notYou: 'Not you? Book with your own details',
    existing: 'You already have an inspection booked. Choosing another time here moves it.',
    existingLink: 'See your booking',
    slotsLegend: 'Choose a time',
    noSlots: 'There is no inspection to book in the next four weeks. Please call or WhatsApp us and we will arrange one.',
    onSite: 'On site',
    video: 'Live video tour',
    pickup: 'Pickup point',
    map: 'Map',
    videoNote: 'The video link comes by e-mail and on your booking page.',
    seatsLeft: (n: number) => `${seats(n)} left`,
    full: 'Full — join the waiting list',
    lagosZone: 'WAT (Lagos)',
    abroad: (time: string, place: string) => `${time} in ${place}`,
    yourTime: (time: string) => `${time} your time`,
    partyLabel: 'How many people are coming?',
    partyHint: 'You and up to three others: family, your lawyer or a surveyor.',
    party: (n: number) => (n === 1 ? 'Just me' : `${n} people`),
    waitLabel: 'If it is full by the time I book, put me on its waiting list',
    detailsLegend: 'Your details',
    detailsIntro: 'So your agent can confirm the trip with you. We send your booking to your e-mail.',
    submit: 'Book my seat',
    privacyNote: 'We use your details only to arrange your inspection and contact you about our districts.',
    fullHeading: 'That inspection is now full',
    fullText:
      'The times below still have room. Or tick the waiting list and book the full one: we will tell you as soon as a seat frees up.',
    linkProblemHeading: 'This booking link does not work any more',
    bookInstead: 'Book with your details below instead.',
  },
  /** The booking's own page (the confirmation), from its signed link. */
  booking: {
    metaTitle: 'Your site inspection',
    confirmedHeading: 'Your seat is booked',
    waitingHeading: 'You are on the waiting list',
    waitingText: 'That inspection is full. If a seat frees up it is yours, and we tell you at once by e-mail.',
    cancelledHeading: 'This inspection is cancelled',
    cancelledText: 'Your seat has been given up. You are welcome to book another time.',
    bookAgain: 'Book another time',
    bookingFor: (name: string) => `For ${name}`,
    party: (n: number) => (n === 1 ? '1 person' : `${n} people`),
    when: 'When',
    where: 'Where',
    meetAt: 'Meet at the pickup point:',
    openMap: 'Open in maps',
    videoWhere: 'Live video tour: the link comes by e-mail, and shows here before the tour.',
    joinVideo: 'Join the video tour',
    bring: 'What to bring',
    bringItems: [
      'A photo ID (national ID card, passport or driver’s licence).',
      'Your lawyer or a surveyor, if you like: they are welcome.',
      'Comfortable shoes: we walk the plots.',
    ],
    agent: 'Your agent',
    salesTeam: 'Our sales team',
    whatsapp: 'WhatsApp your agent',
    whatsappMessage: (when: string) => `Hello, I have a site inspection booked for ${when}.`,
    addToCalendar: 'Add to calendar',
    change: 'Move or cancel',
    emailNote: 'We have sent these details to your e-mail. Keep it: its link brings you back to this page.',
  },
  /** Moving or cancelling without signing in. */
  change: {
    metaTitle: 'Move or cancel your site inspection',
    heading: 'Move or cancel your inspection',
    current: 'Your booking',
    moveHeading: 'Move to another time',
    move: 'Move my booking',
    cancelHeading: 'Cannot come?',
    cancelText: 'Cancelling gives your seat to the next person waiting.',
    cancel: 'Cancel my inspection',
    tooLateHeading: 'It is too late to change this online',
    tooLate: (hours: number, who: string) =>
      `Bookings can be moved or cancelled online up to ${hours === 1 ? 'an hour' : `${hours} hours`} before. Please call or WhatsApp ${who} instead.`,
    call: 'Call us',
    back: 'Back to your booking',
  },
  /** A link that is forged, expired or names something gone. */
  badLink: {
    metaTitle: 'Booking link',
    heading: 'This link does not work any more',
    invalid: 'This booking link is not valid. It may be incomplete: try opening it again from your e-mail.',
    expired: 'This booking link has expired.',
    gone: 'We could not find this booking.',
    bookAgain: 'Book a site inspection',
  },
  /** The calendar entry. */
  calendar: {
    fileName: 'site-inspection.ics',
  },
} as const;
