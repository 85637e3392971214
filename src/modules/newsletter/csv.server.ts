import 'server-only';
import type { NewsletterSubscriberRow } from '@/lib/db/schema';
import { csvRow } from '@/lib/csv/csv';

/** Confirmed subscribers with the record of their consent: when, under which privacy notice, from which form. */
export async function* newsletterCsv(rows: NewsletterSubscriberRow[]): AsyncGenerator<string> {
  yield csvRow(['email', 'confirmed_at', 'privacy_notice_version', 'source', 'signed_up_at']);
  for (const r of rows) yield csvRow([r.email, r.confirmedAt, r.consentNoticeVersion, r.consentSource, r.subscribedAt]);
}
