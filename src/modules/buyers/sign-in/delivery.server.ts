import 'server-only';
import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ACCOUNT_COPY, ACCOUNT_PATHS } from '@/content/buyers';
import type { Db } from '@/lib/db/client';
import type { BuyerSignInChannel } from '@/lib/db/enums';
import { buyerSignIns, type OutboxMessageRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { openWithSecretsKey, sealWithSecretsKey } from '@/lib/security/secrets-key.server';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { emailChannel, queueMessages, smsChannel, wakeOutbox, whatsAppChannel, type OutboxSender } from '@/modules/messaging/server';

/**
 * A sign-in link or code goes through the one outbox (docs/decisions/0425), subject `buyer_sign_in`, about its request
 * (buyer_sign_ins). The secret is known only when it is asked for and the database keeps only its hash, so the request
 * carries it sealed with the secrets key (`sealed_secret`) until it is sent, used or expired, then wipes it; the
 * outbox row carries no secret. The message is given up at the request's expiry: a link that arrives dead is no use.
 */

type SignInContext = {
  channel: BuyerSignInChannel;
  contact: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  sealedSecret: string | null;
};

/**
 * After the answer: the secret sealed on its request and the message queued, in one transaction; then this process's
 * worker is woken.
 */
export async function queueSignInMessage(
  db: Db,
  jobs: PgBoss,
  request: { id: string; channel: BuyerSignInChannel; secret: string },
  now: Date,
): Promise<void> {
  const sealed = await sealWithSecretsKey('buyer-sign-in', request.secret);
  await db.transaction(async (tx) => {
    await tx.update(buyerSignIns).set({ sealedSecret: sealed }).where(eq(buyerSignIns.id, request.id));
    await queueMessages(
      tx,
      jobs,
      [
        {
          subjectType: 'buyer_sign_in',
          subjectId: request.id,
          leadId: null,
          kind: request.channel === 'email' ? 'sign_in_link' : 'sign_in_code',
          channel: request.channel,
          dedupeKey: `buyer_sign_in:${request.id}`,
        },
      ],
      { now },
    );
  });
  // As a lead's first reply: the worker fetches within milliseconds, not at its next poll (a buyer is waiting).
  wakeOutbox(jobs);
}

/** Wipes the sealed secrets of requests used or expired (their messages are no use any more). */
export async function wipeSpentSecrets(db: Db, now: Date, ids?: string[]): Promise<void> {
  await db
    .update(buyerSignIns)
    .set({ sealedSecret: null })
    .where(
      and(
        isNotNull(buyerSignIns.sealedSecret),
        or(isNotNull(buyerSignIns.usedAt), lte(buyerSignIns.expiresAt, now)),
        ids ? inArray(buyerSignIns.id, ids) : undefined,
      ),
    );
}

const linkEmail = (link: string) => {
  const { brand } = getSiteFacts();
  const copy = ACCOUNT_COPY.email;
  const text = [copy.greeting, '', copy.body, '', link, '', copy.expiry, copy.ignore, '', brand].join('\n');
  const html = emailLayout(
    `<p>${escapeHtml(copy.greeting)}</p><p>${escapeHtml(copy.body)}</p><p>${emailButton(link, copy.button)}</p>` +
      `<p style="font-size:13px;color:#5b6b61">${escapeHtml(copy.expiry)} ${escapeHtml(copy.ignore)}</p><p>${escapeHtml(brand)}</p>`,
  );
  return { subject: copy.subject(brand), text, html };
};

export const signInOutboxSender: OutboxSender<SignInContext> = {
  async load(db, messages) {
    const ids = messages.map((message) => message.subjectId);
    // Those already used or expired are withdrawn below (stillWanted): their secrets go now.
    await wipeSpentSecrets(db, new Date(), ids);
    const rows = await db
      .select({
        id: buyerSignIns.id,
        channel: buyerSignIns.channel,
        contact: buyerSignIns.contact,
        createdAt: buyerSignIns.createdAt,
        expiresAt: buyerSignIns.expiresAt,
        usedAt: buyerSignIns.usedAt,
        sealedSecret: buyerSignIns.sealedSecret,
      })
      .from(buyerSignIns)
      .where(inArray(buyerSignIns.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return new Map(messages.flatMap((message) => (byId.has(message.subjectId) ? [[message.id, byId.get(message.subjectId)!]] : [])));
  },
  // Tried again by the queue's schedule (5 s, then up to 30 s), never past the request's expiry.
  giveUp: (_message, request) => ({ from: request.createdAt, afterMs: request.expiresAt.getTime() - request.createdAt.getTime() }),
  stillWanted(_message, request, at) {
    if (request.usedAt) return 'the sign-in was used already';
    if (at >= request.expiresAt) return 'the link or code expired before it could go';
    if (!request.sealedSecret) return 'nothing left to send';
    return undefined;
  },
  async send(db, message: OutboxMessageRow, request) {
    const secret = await openWithSecretsKey('buyer-sign-in', request.sealedSecret!);
    const sent = await sendSecret(db, request.channel, request.contact, secret);
    // Gone out (or kept as an .eml file without a mail server): the sealed copy is no longer needed.
    await db.update(buyerSignIns).set({ sealedSecret: null }).where(eq(buyerSignIns.id, message.subjectId));
    return sent ? 'sent' : { state: 'not_configured', lastError: 'no mail server: kept as an .eml file' };
  },
};

/** The link by e-mail, or the code by WhatsApp (the approved template WHATSAPP_SIGN_IN_TEMPLATE) or SMS, as the buyer chose. */
async function sendSecret(db: Db, channel: BuyerSignInChannel, to: string, secret: string): Promise<boolean> {
  if (channel === 'email') {
    const result = await emailChannel.send(db, { to: [to], ...linkEmail(`${getSiteUrl()}${ACCOUNT_PATHS.link(secret)}`) });
    return result.sent;
  }
  if (channel === 'whatsapp') {
    const env = getEnv();
    await whatsAppChannel.send(db, {
      to,
      template: env.WHATSAPP_SIGN_IN_TEMPLATE,
      language: env.WHATSAPP_TEMPLATE_LANGUAGE,
      parameters: [secret],
    });
  } else await smsChannel.send(db, { to, text: ACCOUNT_COPY.codeText(secret, getSiteFacts().brand) });
  return true;
}
