import { downloadPage } from '@/modules/staff/ui.server';
import { STAFF_DOWNLOADS } from '@/lib/constants';

/** The accountant's ledger CSV, as a link without scripts opens it: the password first when needed. Owners only (0416). */
export default function LedgerExportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return downloadPage(STAFF_DOWNLOADS.ledger, searchParams, { owner: true });
}
