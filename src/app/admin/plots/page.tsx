import type { Metadata } from 'next';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { InventoryPage } from '@/modules/plots/ui.server';

export const metadata: Metadata = { title: PLOTS_STAFF_COPY.title };

export default function PlotsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <InventoryPage searchParams={searchParams} />;
}
