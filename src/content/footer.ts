export const FOOTER_COPY = {
  contactHeading: 'Contact us',
  newsletterHeading: 'Newsletter',
  newsletterText: 'News on plot releases, site visits and prices. No spam; unsubscribe any time.',
  newsletterLabel: 'E-mail address',
  newsletterPlaceholder: 'Type your email',
  subscribe: 'Subscribe',
  /** After a sign-up: nothing is sent until the visitor confirms from the e-mail (double opt-in). */
  subscribed: 'Almost done: check your inbox and press the button in our e-mail to confirm your subscription.',
  followHeading: 'Follow us',
  rights: 'All rights reserved.',
  /** The buyers' own page (src/content/buyers.ts): where a buyer looks for their plot and payments. */
  account: 'Buyers: your page',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  districtsHeading: 'Our districts',
};

/** The newsletter's own pages, for visitors whose scripts have not loaded. */
export const NEWSLETTER_PAGE_COPY = {
  metaTitle: 'Newsletter',
  heading: 'Our newsletter',
  thanksMetaTitle: 'Check your inbox',
  thanksHeading: 'Check your inbox',
  backHome: 'Back to the home page',
} as const;
