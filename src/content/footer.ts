export const FOOTER_COPY = {
  contactHeading: 'Contact us',
  newsletterHeading: 'Newsletter',
  newsletterText: 'News on plot releases, site visits and prices. No spam; unsubscribe any time.',
  newsletterLabel: 'E-mail address',
  newsletterPlaceholder: 'Type your email',
  subscribe: 'Subscribe',
  subscribed: 'You are subscribed. Watch your inbox for our next update.',
  followHeading: 'Follow us',
  rights: 'All rights reserved.',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  districtsHeading: 'Our districts',
};

/** The newsletter's own pages, for visitors whose scripts have not loaded. */
export const NEWSLETTER_PAGE_COPY = {
  metaTitle: 'Newsletter',
  heading: 'Our newsletter',
  thanksMetaTitle: 'Subscribed',
  thanksHeading: 'Thank you for subscribing',
  backHome: 'Back to the home page',
} as const;
