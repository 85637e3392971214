import 'server-only';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { STAFF_COPY } from '@/content/staff';
import { WELCOME_PATH } from '@/lib/constants';
import type { Db } from '@/lib/db/client';
import type { StaffRole } from '@/lib/db/enums';
import { logError } from '@/lib/log';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { emailChannel } from '@/modules/messaging/server';
import { hashResetToken, newResetToken } from '../sign-in/password-reset.server';
import { createPasswordReset, liveResetUser } from '../repository.server';
import { RESET_TOKEN_PATTERN } from '../schema';

/**
 * A new account's invitation (docs/decisions/0347-invitations-not-initial-passwords.md): an account an owner adds has
 * no password; its person gets a link by e-mail, the password-reset link's mechanism (0324) of kind `welcome`, to
 * choose their own, then goes on as after a sign-in (an owner sets up two-step sign-in). Single use, valid
 * INVITATION_TTL_HOURS: a Friday evening's invitation still works on Monday evening. A new link ends the old one.
 */
export const INVITATION_TTL_HOURS = 72;

function invitationEmail(link: string, account: { name: string; role: StaffRole }) {
  const { brand } = getSiteFacts();
  const copy = STAFF_COPY.invitationEmail;
  const role = STAFF_COPY.staff.roles[account.role] ?? account.role;
  // Every role sets up two-step sign-in after choosing the password (docs/decisions/0348).
  const secondStep = [copy.secondFactor];
  const text = [
    copy.greeting(account.name),
    '',
    copy.body(role),
    '',
    link,
    '',
    ...secondStep,
    copy.expiry(INVITATION_TTL_HOURS),
    copy.ignore,
    '',
    brand,
  ].join('\n');
  const html = emailLayout(
    `<p>${escapeHtml(copy.greeting(account.name))}</p><p>${escapeHtml(copy.body(role))}</p><p>${emailButton(link, copy.button)}</p>` +
      secondStep.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p style="font-size:13px;color:#5b6b61">${escapeHtml(copy.expiry(INVITATION_TTL_HOURS))} ${escapeHtml(copy.ignore)}</p><p>${escapeHtml(brand)}</p>`,
  );
  return { subject: copy.subject(brand), text, html };
}

/**
 * Makes a new invitation link for this account (its earlier links end) and e-mails it. False when the e-mail could
 * not be handed to the mail server (logged without the address): the owner sends a new link later.
 */
export async function sendInvitation(
  db: Db,
  account: { id: string; email: string; name: string; role: StaffRole },
  now: Date = new Date(),
): Promise<boolean> {
  const token = newResetToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000);
  await createPasswordReset(db, account.id, hashResetToken(token), now, expiresAt, 'welcome');
  try {
    await emailChannel.send(db, { to: [account.email], ...invitationEmail(`${getSiteUrl()}${WELCOME_PATH}/${token}`, account) });
    return true;
  } catch (error) {
    logError('[staff] invitation e-mail not sent', error);
    return false;
  }
}

/** The account of a live invitation link, for its page (opening it does not use it up: mail scanners open links too). */
export async function invitedAccount(db: Db, token: string, now: Date = new Date()): Promise<{ email: string } | undefined> {
  return RESET_TOKEN_PATTERN.test(token) ? liveResetUser(db, hashResetToken(token), now, 'welcome') : undefined;
}
