/**
 * The newsletter's addresses. Links in e-mails carry an opaque token only: the confirmation and unsubscribe pages
 * show a button, and only its POST (or a mail client's one-click POST, RFC 8058) changes anything.
 */
export const NEWSLETTER_PATHS = {
  /** Page opened from the confirmation e-mail; its button posts to `confirmApi`. */
  confirm: '/newsletter/confirm',
  confirmed: '/newsletter/confirmed',
  confirmApi: '/api/newsletter/confirm',
  /** Page opened from the unsubscribe link in an e-mail; its button posts to `unsubscribeApi`. */
  unsubscribe: '/unsubscribe',
  /** The List-Unsubscribe address: takes the page's post and a mail client's one-click post. */
  unsubscribeApi: '/api/newsletter/unsubscribe',
} as const;

/** `path?token=…`; relative unless `origin` (the site's URL) is given. */
export const withToken = (path: string, token: string, origin = '') => `${origin}${path}?token=${encodeURIComponent(token)}`;

/**
 * Header fields of every newsletter e-mail (RFC 2369 and RFC 8058): a mail client can offer "unsubscribe" and
 * post it without opening a page. One-click needs an https SITE_URL, as production has.
 */
export const listUnsubscribeHeaders = (siteUrl: string, unsubscribeToken: string) => ({
  'List-Unsubscribe': `<${withToken(NEWSLETTER_PATHS.unsubscribeApi, unsubscribeToken, siteUrl)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
