/**
 * Every sentence a visitor can get back from the public forms and their API (the browser shows it as the error
 * toast, spec §8). Shared by the form schemas and the route handlers.
 */

const unreadableForm = 'We could not read your form. Please reload the page and try again.';

export const EMAIL_ERRORS = {
  required: 'Please enter your e-mail address.',
  tooLong: 'Your e-mail address is too long.',
  invalid: 'Please enter a valid e-mail address.',
} as const;

export const INTEREST_ERRORS = {
  title: 'Please choose a title: Mr, Mrs or Miss.',
  fullname: 'Please enter your full name.',
  fullnameTooLong: 'Your name is too long (at most 120 characters).',
  fullnameCharacters: 'Your name contains characters we cannot accept.',
  fullnameLink: 'Please enter only your name, without a web address.',
  phone: 'Please enter a phone number we can call, e.g. +234 803 123 4567.',
  phoneRequired: 'Please enter your phone number.',
  phoneTooLong: 'Your phone number is too long.',
  district: "Please choose 'Lugbe, Abuja' or 'Moniya, Ibadan'.",
  /** Anything wrong outside the fields the visitor fills (hidden fields, unknown fields, wrong shapes). */
  unreadable: unreadableForm,
  unavailable: 'We could not save your details just now. Please try again in a moment.',
} as const;

export const NEWSLETTER_ERRORS = {
  unreadable: 'We could not read your sign-up. Please reload the page and try again.',
  unavailable: 'We could not sign you up just now. Please try again in a moment.',
  /** The links in newsletter e-mails (confirm, unsubscribe). */
  expiredLink: 'This confirmation link has expired or was already used. Please sign up again.',
  unknownLink: 'This unsubscribe link is incomplete or no longer valid.',
  linkUnavailable: 'We could not update your subscription just now. Please try again in a moment.',
} as const;

/** Refusals of the request itself, before its fields are read. */
export const REQUEST_ERRORS = {
  tooLarge: 'What you sent is too large. Please shorten your answers and try again.',
  unreadable: unreadableForm,
  methodNotAllowed: 'This address only accepts form submissions.',
  /** Any other API address asked with a method it does not take (GET on a POST-only address, PUT, ...). */
  wrongMethod: 'This address does not take that kind of request.',
  /** An Idempotency-Key sent again with other details (or from elsewhere, for a form without scripts): 409. */
  keyReused: 'This form was already sent with other details. Please reload the page and send it again.',
  rateLimited: (minutes: number) =>
    `You have sent this form several times in a short while. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
} as const;

/** Booking a site inspection and changing it from its link (docs/decisions/0391). */
export const INSPECTION_ERRORS = {
  slot: 'Please choose one of the inspections listed.',
  party: 'Please choose how many people are coming: 1 to 4.',
  full: 'Sorry, that inspection is now full. Please choose another one below, or join its waiting list.',
  closed: 'Bookings for that inspection have closed: it starts within two hours or was called off. Please choose another one.',
  invalidLink: 'This booking link is not valid. Please book from the district page instead.',
  expiredLink: 'This booking link has expired. Please book from the district page instead.',
  /** The lead or booking a link names is gone (erased at the buyer's request). */
  goneLink: 'This booking link no longer works. Please book from the district page instead.',
  cancelledBooking: 'This booking was cancelled. Please book a new inspection from the district page.',
  tooLate: (hours: number) =>
    `It is too late to change this booking online: it starts in less than ${hours === 1 ? 'an hour' : `${hours} hours`}. Please call or WhatsApp your agent.`,
  /** One booking still to come per phone number and per e-mail address (docs/decisions/0401). */
  alreadyBooked:
    'This phone number or e-mail address already has a site inspection booked. To change it, use the link in the e-mail that confirmed it, or message us on WhatsApp.',
  /** One client network holds at most a share of a slot's seats, and so many seats in all. */
  networkSlot:
    'That inspection has taken as many bookings from your internet connection as it can. Please choose another time, or message us on WhatsApp and we will book you in.',
  networkSeats:
    'Your internet connection already holds as many inspection seats as we can give one connection. Please message us on WhatsApp and we will book you in.',
  unreadable: unreadableForm,
  unavailable: 'We could not book your inspection just now. Please try again in a moment.',
} as const;

/** Holding a plot from the site (docs/decisions/0412); the refusals of the hold itself are PLOTS_COPY.refusals. */
export const PLOT_ERRORS = {
  plot: 'Please choose a plot on the site plan.',
  invalidLink: 'This link is not valid. Please hold the plot with your details instead.',
  expiredLink: 'This link has expired. Please hold the plot with your details instead.',
  goneLink: 'This link no longer works. Please hold the plot with your details instead.',
  unreadable: unreadableForm,
  unavailable: 'We could not hold the plot just now. Please try again in a moment.',
} as const;
