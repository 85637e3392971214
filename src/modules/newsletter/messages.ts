import { describePeriod } from '@/content/legal';
import { NEWSLETTER_CONFIRMATION_EMAIL_COPY as copy } from '@/content/newsletter';
import type { SiteFacts } from '@/content/site';
import { emailButton, emailLayout, emailLink, escapeHtml } from '@/lib/mail/html';
import { RETENTION } from '@/content/retention';
import { listUnsubscribeHeaders, NEWSLETTER_PATHS, withToken } from './links';

/**
 * The e-mail that asks a sign-up to confirm. Its link opens a page with a button (a link scanner fetching it
 * confirms nothing); like every newsletter e-mail it carries List-Unsubscribe with one-click (RFC 8058).
 */
export function confirmationEmail(tokens: { confirmToken: string; unsubscribeToken: string }, facts: SiteFacts, siteUrl: string) {
  const confirmUrl = withToken(NEWSLETTER_PATHS.confirm, tokens.confirmToken, siteUrl);
  const unsubscribeUrl = withToken(NEWSLETTER_PATHS.unsubscribe, tokens.unsubscribeToken, siteUrl);
  const days = describePeriod(RETENTION.unconfirmedNewsletter);
  const text = [
    copy.greeting,
    '',
    copy.asked(facts.brand),
    confirmUrl,
    '',
    copy.notYou(days),
    '',
    copy.signOff(facts.brand),
    '',
    `${copy.unsubscribe}: ${unsubscribeUrl}`,
  ].join('\n');
  const html = emailLayout(
    `<p style="margin-top:0">${escapeHtml(copy.greeting)}</p><p>${escapeHtml(copy.asked(facts.brand))}</p>` +
      `<p style="margin:24px 0">${emailButton(confirmUrl, copy.confirm)}</p>` +
      `<p style="font-size:13px;color:#5b6b61">${escapeHtml(copy.notYou(days))}</p>` +
      `<p style="white-space:pre-line">${escapeHtml(copy.signOff(facts.brand))}</p>` +
      `<p style="font-size:12px;color:#5b6b61;margin-bottom:0">${emailLink(unsubscribeUrl, copy.unsubscribe)}</p>`,
  );
  return { subject: copy.subject(facts.brand), text, html, headers: listUnsubscribeHeaders(siteUrl, tokens.unsubscribeToken) };
}
