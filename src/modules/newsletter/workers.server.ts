import 'server-only';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { Db, DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { IDLE_POLL_SECONDS, NEWSLETTER_CONFIRMATION } from '@/lib/jobs/queues';
import { emailChannel, type NewOutboxMessage, type NotSent, type OutboxSender, type OutboxSenders } from '@/modules/messaging/server';
import { confirmationEmail } from './messages';
import { findPendingById } from './repository.server';

/** The job carries the row's id only, never the address. */
export interface ConfirmationJob {
  subscriberId: string;
}

/**
 * A confirmation as a message of the one outbox (subject `subscriber`: docs/decisions/0410-one-outbox.md): the
 * sign-up's id only (the address is read when it goes, so erasing the sign-up leaves nothing to send), one per request.
 */
export const confirmationMessage = (subscriberId: string, at: Date): NewOutboxMessage => ({
  subjectType: 'subscriber',
  subjectId: subscriberId,
  leadId: null,
  kind: 'confirmation',
  channel: 'email',
  dedupeKey: `subscriber:${subscriberId}:confirmation:${at.getTime()}`,
});

/**
 * Mails the confirmation link (the outbox's sender; or a `newsletter-confirmation` job of the release before), unless
 * the sign-up was confirmed, withdrawn or has expired meanwhile. A mail server that fails throws: the outbox retries it.
 */
export async function sendConfirmation(db: Db, subscriberId: string): Promise<'sent' | NotSent> {
  const pending = await findPendingById(db, subscriberId);
  if (!pending) return { state: 'withdrawn', lastError: 'the sign-up was confirmed, withdrawn or has expired' };
  await emailChannel.send(db, { ...confirmationEmail(pending, getSiteFacts(), getSiteUrl()), to: [pending.email], recordId: subscriberId });
  return 'sent';
}

const subscriberOutboxSender: OutboxSender<null> = {
  async load(_db, messages) {
    return new Map(messages.map((message) => [message.id, null]));
  },
  send: (db, message) => sendConfirmation(db, message.subjectId),
};

/** The senders the server process gives the one outbox's worker for the newsletter's messages. */
export const newsletterSenders = (): OutboxSenders => ({ subscriber: subscriberOutboxSender as OutboxSender<never> });

/**
 * Drains the `newsletter-confirmation` queue of the release before (once a process); the confirmations queued now are
 * the outbox's (newsletterSenders). The release after drops it.
 */
export async function startNewsletterWorkers(handle: DatabaseHandle): Promise<void> {
  await workEach<ConfirmationJob>(
    await handle.jobs(),
    { ...NEWSLETTER_CONFIRMATION, pollSeconds: IDLE_POLL_SECONDS },
    async ({ subscriberId }) => {
      await sendConfirmation(handle.db, subscriberId);
    },
  );
}
