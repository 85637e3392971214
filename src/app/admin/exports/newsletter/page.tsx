import { downloadPage } from '@/modules/staff/ui.server';
import { STAFF_DOWNLOADS } from '@/lib/constants';

/** The owners' newsletter CSV, as a link without scripts opens it: the password first when needed (0345). */
export default function NewsletterExportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return downloadPage(STAFF_DOWNLOADS.newsletter, searchParams, { owner: true });
}
