import 'server-only';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { Db, DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { NEWSLETTER_CONFIRMATION } from '@/lib/jobs/queues';
import { emailChannel } from '@/modules/messaging/server';
import { confirmationEmail } from './messages';
import { findPendingById } from './repository.server';

/** The job carries the row's id only, never the address. */
export interface ConfirmationJob {
  subscriberId: string;
}

/**
 * `newsletter-confirmation` job: mails the confirmation link, unless the sign-up was confirmed, withdrawn or has
 * expired meanwhile. A mail server that fails throws, and the queue retries it.
 */
export async function sendConfirmation(db: Db, subscriberId: string): Promise<void> {
  const pending = await findPendingById(db, subscriberId);
  if (!pending) return;
  await emailChannel.send(db, { ...confirmationEmail(pending, getSiteFacts(), getSiteUrl()), to: [pending.email], recordId: subscriberId });
}

/** Attaches the handler to the job queue (the server process does this once at start-up). */
export async function startNewsletterWorkers(handle: DatabaseHandle): Promise<void> {
  await workEach<ConfirmationJob>(await handle.jobs(), NEWSLETTER_CONFIRMATION, ({ subscriberId }) =>
    sendConfirmation(handle.db, subscriberId),
  );
}
