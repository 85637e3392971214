import 'server-only';
import type { NewsletterSubscriberRow } from '@/lib/db/schema';
import { csvRow } from '@/lib/csv/csv';

export async function* newsletterCsv(rows: NewsletterSubscriberRow[]): AsyncGenerator<string> {
  yield csvRow(['email', 'subscribed_at', 'unsubscribed_at', 'spam']);
  for (const r of rows) yield csvRow([r.email, r.subscribedAt, r.unsubscribedAt, r.spam ? 'yes' : 'no']);
}
