import { downloadPage } from '@/modules/staff/ui.server';
import { STAFF_DOWNLOADS } from '@/lib/constants';

/**
 * The lead CSV of the inbox's filters, as a link without scripts opens it: the password first when needed (0345).
 * Owners only (0388).
 */
export default function LeadsExportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return downloadPage(STAFF_DOWNLOADS.leads, searchParams, { owner: true });
}
