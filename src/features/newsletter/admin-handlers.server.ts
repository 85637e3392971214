import 'server-only';
import { staffRoute } from '@/lib/auth/guard.server';
import { csvResponse } from '@/lib/csv/response.server';
import { newsletterCsv } from './csv.server';
import { listSubscribed } from './repository.server';

/**
 * GET /api/admin/exports/newsletter → text/csv of the confirmed, current subscribers (owners: it is not lead
 * data). Pending and unsubscribed addresses are left out: nobody may be mailed without a confirmed consent.
 */
export const exportNewsletterHandler = staffRoute({ owner: true }, async (_request, { db }) => csvResponse(newsletterCsv(await listSubscribed(db)), 'newsletter'));
