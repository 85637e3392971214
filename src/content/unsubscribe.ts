/** Copy of the /unsubscribe page (newsletter). */
export const unsubscribeCopy = {
  metaTitle: 'Newsletter',
  unsubscribed: {
    heading: 'You have been unsubscribed',
    body: 'We will not send you our newsletter any more. If this was a mistake, you can sign up again from the footer of any page.',
  },
  already: {
    heading: 'You were already unsubscribed',
    body: 'This address is no longer on our newsletter list. There is nothing more to do.',
  },
  unknown: {
    heading: 'We could not find that link',
    body: 'The unsubscribe link is incomplete or no longer valid. Please use the link from our most recent e-mail, or write to us and we will remove you.',
  },
  unavailable: {
    heading: 'Please try again in a moment',
    body: 'We could not update your subscription just now. Nothing has changed; please open the link again shortly.',
  },
  contactLead: 'Questions? Write to',
  homeLabel: 'Back to the home page',
} as const;
