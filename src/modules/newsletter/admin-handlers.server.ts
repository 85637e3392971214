import 'server-only';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute } from '@/modules/staff/server';
import { csvResponse } from '@/lib/csv/response.server';
import { newsletterCsv } from './csv.server';
import { listSubscribed } from './repository.server';

/**
 * GET /api/admin/exports/newsletter → text/csv of the confirmed, current subscribers (owners: it is not lead
 * data). Pending and unsubscribed addresses are left out: nobody may be mailed without a confirmed consent.
 * Recorded in the audit trail (who, how many rows) before the file is sent. The password typed recently
 * (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md).
 */
export const exportNewsletterHandler = staffRoute({ owner: true, recentPassword: true }, async (_request, { db, staff }) => {
  const rows = await listSubscribed(db);
  await recordAudit(db, staff, 'newsletter.export', null, { rows: rows.length });
  return csvResponse(newsletterCsv(rows), 'newsletter');
});
