import type { Metadata } from 'next';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { ImportPage } from '@/modules/plots/ui.server';

export const metadata: Metadata = { title: PLOTS_STAFF_COPY.import.title };

export default function PlotsImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ImportPage searchParams={searchParams} />;
}
