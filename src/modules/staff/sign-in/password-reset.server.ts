import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { STAFF_COPY } from '@/content/staff';
import { PASSWORD_RESET_PATH } from '@/lib/constants';
import type { Db } from '@/lib/db/client';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { emailChannel } from '@/modules/messaging/server';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import { createPasswordReset, findStaffByEmail, liveResetUser } from '../repository.server';
import { RESET_TOKEN_PATTERN } from '../schema';

/**
 * Forgotten passwords (docs/decisions/0324-password-reset.md): a link by e-mail, single use, valid RESET_TTL_MINUTES. The
 * 256-bit token travels only in the link's path; the database keeps its SHA-256. At most RESET_MAILS_PER_ACCOUNT
 * links an hour per account, so nobody can flood a colleague's mailbox.
 */
export const RESET_TTL_MINUTES = 30;
const RESET_MAILS_PER_ACCOUNT = { count: 3, windowSeconds: 3600 };

/** A link's token (a reset's or an invitation's): 256 random bits, in the link's path only. */
export const newResetToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a link's token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

function resetLink(token: string): string {
  return `${getSiteUrl()}${PASSWORD_RESET_PATH}/${token}`;
}

function resetEmail(link: string) {
  const { brand } = getSiteFacts();
  const copy = STAFF_COPY.resetEmail;
  const text = [copy.greeting, '', copy.body, '', link, '', copy.expiry(RESET_TTL_MINUTES), copy.ignore, '', brand].join('\n');
  const html = emailLayout(
    `<p>${escapeHtml(copy.greeting)}</p><p>${escapeHtml(copy.body)}</p><p>${emailButton(link, copy.button)}</p>` +
      `<p style="font-size:13px;color:#5b6b61">${escapeHtml(copy.expiry(RESET_TTL_MINUTES))} ${escapeHtml(copy.ignore)}</p><p>${escapeHtml(brand)}</p>`,
  );
  return { subject: copy.subject(brand), text, html };
}

/**
 * Sends a link when the address belongs to an active account (and its hourly cap allows); otherwise nothing. The
 * caller answers the same either way, before this runs, so neither the answer nor its timing tells them apart. An
 * account still invited (no password chosen yet) gets nothing either: its link comes from an owner (0347), and a
 * reset asked for by anyone must not end it.
 */
export async function sendPasswordResetLink(db: Db, email: string, now: Date): Promise<'sent' | 'none'> {
  const user = await findStaffByEmail(db, email);
  if (!user?.active || !user.passwordHash) return 'none';
  const cap = await hitRateLimit(db, 'password-reset-mail', user.id, RESET_MAILS_PER_ACCOUNT, now.getTime());
  if (!cap.allowed) return 'none';
  const token = newResetToken();
  await createPasswordReset(db, user.id, hashResetToken(token), now, new Date(now.getTime() + RESET_TTL_MINUTES * 60_000));
  await emailChannel.send(db, { to: [user.email], ...resetEmail(resetLink(token)) });
  return 'sent';
}

/** Whether a link is live (for its page; opening the page does not use it up: mail scanners open links too). */
export async function isLiveResetToken(db: Db, token: string, now: Date = new Date()): Promise<boolean> {
  return RESET_TOKEN_PATTERN.test(token) && (await liveResetUser(db, hashResetToken(token), now)) !== undefined;
}
