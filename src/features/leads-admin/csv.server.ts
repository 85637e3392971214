import 'server-only';
import type { InterestSubmissionRow, NewsletterSubscriberRow } from '@/lib/db/schema';
import { csvRow } from './csv';

export const LEAD_CSV_HEADER = [
  'received_at',
  'title',
  'full_name',
  'email',
  'phone',
  'phone_e164',
  'district',
  'status',
  'first_contacted_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_path',
  'spam',
  'id',
];

export async function* leadsCsv(rows: AsyncIterable<InterestSubmissionRow>): AsyncGenerator<string> {
  yield csvRow(LEAD_CSV_HEADER);
  for await (const r of rows) {
    yield csvRow([
      r.createdAt,
      r.title,
      r.fullName,
      r.email,
      r.phoneRaw,
      r.phoneE164,
      r.district,
      r.status,
      r.firstContactedAt,
      r.utmSource,
      r.utmMedium,
      r.utmCampaign,
      r.utmTerm,
      r.utmContent,
      r.referrer,
      r.landingPath,
      r.spam ? 'yes' : 'no',
      r.id,
    ]);
  }
}

export async function* newsletterCsv(rows: NewsletterSubscriberRow[]): AsyncGenerator<string> {
  yield csvRow(['email', 'subscribed_at', 'unsubscribed_at', 'spam']);
  for (const r of rows) yield csvRow([r.email, r.subscribedAt, r.unsubscribedAt, r.spam ? 'yes' : 'no']);
}

/** A streamed CSV download (UTF-8 with BOM so spreadsheet programs read accents right). */
export function csvResponse(chunks: AsyncIterable<string>, name: string, now = new Date()): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF'));
    },
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const stamp = now.toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${stamp}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
