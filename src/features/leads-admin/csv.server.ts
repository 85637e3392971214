import 'server-only';
import type { InterestSubmissionRow } from '@/lib/db/schema';
import { csvRow } from '@/lib/csv/csv';

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
