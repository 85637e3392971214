import 'server-only';
import { staffRoute } from '@/lib/auth/guard.server';
import { csvResponse } from '@/lib/csv/response.server';
import { newsletterCsv } from './csv.server';
import { listSubscribers } from './repository.server';

/** GET /api/admin/exports/newsletter → text/csv of newsletter subscribers (owners: it is not lead data) */
export const exportNewsletterHandler = staffRoute({ owner: true }, async (_request, { db }) => csvResponse(newsletterCsv(await listSubscribers(db)), 'newsletter'));
