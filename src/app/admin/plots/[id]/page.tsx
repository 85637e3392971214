import type { Metadata } from 'next';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { StaffPlotPage } from '@/modules/plots/ui.server';

export const metadata: Metadata = { title: PLOTS_STAFF_COPY.title };

export default function OnePlotPage({ params }: { params: Promise<{ id: string }> }) {
  return <StaffPlotPage params={params} />;
}
