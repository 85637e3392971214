import 'server-only';
import { inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ACCOUNT_COPY } from '@/content/buyers';
import type { Db } from '@/lib/db/client';
import { buyerPasskeys } from '@/lib/db/schema';
import { formatDateTime } from '@/lib/format';
import { emailLayout, escapeHtml } from '@/lib/mail/html';
import { getSiteFacts } from '@/lib/site-facts.server';
import { emailChannel, queueMessages, smsChannel, type OutboxSender } from '@/modules/messaging/server';

/**
 * "A passkey was added to your page": through the one outbox (subject `buyer_passkey`, about the passkey), so a mail
 * server down at that moment delays the notice instead of losing it. By e-mail, or by SMS to a buyer who signed in with
 * their number. A passkey erased with its buyer before the notice went leaves nothing to send.
 */
export async function queuePasskeyNotice(tx: Db, jobs: PgBoss, contact: string, passkeyId: string, now: Date): Promise<void> {
  await queueMessages(
    tx,
    jobs,
    [
      {
        subjectType: 'buyer_passkey',
        subjectId: passkeyId,
        leadId: null,
        kind: 'passkey_added',
        channel: contact.includes('@') ? 'email' : 'sms',
        dedupeKey: `buyer_passkey:${passkeyId}`,
      },
    ],
    { now },
  );
}

type NoticeContext = { contact: string; label: string; createdAt: Date };

export const passkeyNoticeSender: OutboxSender<NoticeContext> = {
  async load(db, messages) {
    const rows = await db
      .select({ id: buyerPasskeys.id, contact: buyerPasskeys.contact, label: buyerPasskeys.label, createdAt: buyerPasskeys.createdAt })
      .from(buyerPasskeys)
      .where(
        inArray(
          buyerPasskeys.id,
          messages.map((message) => message.subjectId),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return new Map(messages.flatMap((message) => (byId.has(message.subjectId) ? [[message.id, byId.get(message.subjectId)!]] : [])));
  },
  async send(db, _message, { contact, label, createdAt }) {
    const { brand } = getSiteFacts();
    const copy = ACCOUNT_COPY.passkeys;
    if (!contact.includes('@')) {
      await smsChannel.send(db, { to: contact, text: copy.text(label, brand) });
      return 'sent';
    }
    const paragraphs = [copy.email.greeting, copy.email.body(label, formatDateTime(createdAt)), copy.email.notYou];
    const result = await emailChannel.send(db, {
      to: [contact],
      subject: copy.email.subject(brand),
      text: [...paragraphs, brand].join('\n\n'),
      html: emailLayout(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + `<p>${escapeHtml(brand)}</p>`),
    });
    return result.sent ? 'sent' : { state: 'not_configured', lastError: 'no mail server: kept as an .eml file' };
  },
};
