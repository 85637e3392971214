/** Copy of the /unsubscribe page (newsletter): a button first, so a link scanner opening the page changes nothing. */
export const unsubscribeCopy = {
  metaTitle: 'Newsletter',
  subscribed: {
    heading: 'Unsubscribe from our newsletter?',
    body: 'Press the button and we will not send you our newsletter any more.',
  },
  unsubscribed: {
    heading: 'You are unsubscribed',
    body: 'We will not send you our newsletter any more. If this was a mistake, sign up again from the footer of any page and confirm from the e-mail we send you.',
  },
  unknown: {
    heading: 'We could not find that link',
    body: 'The unsubscribe link is incomplete or no longer valid. Please use the link from our most recent e-mail, or write to us and we will remove you.',
  },
  unavailable: {
    heading: 'Please try again in a moment',
    body: 'We could not update your subscription just now. Nothing has changed; please open the link again shortly.',
  },
  unsubscribe: 'Unsubscribe',
  contactLead: 'Questions? Write to',
  homeLabel: 'Back to the home page',
} as const;
