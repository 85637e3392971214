import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_COPY } from '@/content/plots';
import { PlotPage } from '@/modules/plots/ui.server';

export const dynamic = 'force-dynamic';

type Params = Promise<{ district: string; plot: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const placeOf = async (params: Params) => {
  const { district: slug, plot } = await params;
  const district = DISTRICTS.find((d) => d.slug === slug) ?? notFound();
  let label: string;
  try {
    label = decodeURIComponent(plot).slice(0, 40);
  } catch {
    notFound();
  }
  return { district, label };
};

/** A plot's page is the way to hold it: not indexed (the plan is). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { district, label } = await placeOf(params);
  return { title: PLOTS_COPY.plot.metaTitle(label, district.name), robots: { index: false, follow: true } };
}

/** /<district>/plots/<number>: one plot and the form that holds it. */
export default async function PlotRoute({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { district, label } = await placeOf(params);
  return <PlotPage district={district} label={label} searchParams={searchParams} />;
}
