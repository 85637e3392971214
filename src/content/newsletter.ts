/** Copy of the newsletter's double opt-in: the confirmation e-mail and the pages its link opens. */

export const NEWSLETTER_CONFIRM_COPY = {
  metaTitle: 'Confirm your subscription',
  pending: {
    heading: 'Confirm your subscription',
    body: 'Press the button to receive our newsletter at this address: news on plot releases, site visits and prices. You can unsubscribe from any issue with one click.',
  },
  invalid: {
    heading: 'This link has expired or was already used',
    body: 'If you confirmed already, you are subscribed and there is nothing more to do. Otherwise, sign up again from the footer of any page and we will send you a new link.',
  },
  unavailable: {
    heading: 'Please try again in a moment',
    body: 'We could not check your link just now. Nothing has changed; please open it again shortly.',
  },
  confirm: 'Confirm my subscription',
  privacyLead: 'How we use your address:',
  privacyLink: 'Privacy Policy',
  homeLabel: 'Back to the home page',
  confirmedMetaTitle: 'Subscribed',
  confirmedHeading: 'You are subscribed',
  confirmedBody: 'Thank you for confirming. Our next update will reach you at this address, and every one of them has an unsubscribe link.',
} as const;

export const NEWSLETTER_CONFIRMATION_EMAIL_COPY = {
  subject: (brand: string) => `Please confirm your ${brand} newsletter subscription`,
  greeting: 'Hello,',
  asked: (brand: string) =>
    `Someone — we hope you — asked to receive the ${brand} newsletter at this address. Please confirm it by opening the link below and pressing the button on the page:`,
  confirm: 'Confirm my subscription',
  notYou: (days: string) =>
    `If it was not you, simply ignore this e-mail: nothing more will be sent to you, and the request is deleted after ${days}.`,
  unsubscribe: 'Do not send me anything',
  signOff: (brand: string) => `Kind regards,\nThe ${brand} team`,
} as const;
