import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_COPY } from '@/content/plots';
import { PLOT_PATHS } from '@/modules/plots';
import { PlotsPage } from '@/modules/plots/ui.server';
import { pageMetadata } from '@/lib/seo/metadata';

// Rendered per request: a hold or a sale shows at once, with or without scripts (docs/decisions/0412).
export const dynamic = 'force-dynamic';

type Params = Promise<{ district: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const districtOf = async (params: Params) => {
  const { district: slug } = await params;
  return DISTRICTS.find((district) => district.slug === slug) ?? notFound();
};

/** Indexed as the district's plan; a buyer's own link (`?book=`) is never indexed. */
export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const district = await districtOf(params);
  const page = pageMetadata({
    title: PLOTS_COPY.page.metaTitle(district.name),
    description: PLOTS_COPY.page.metaDescription(district.name, district.area),
    path: PLOT_PATHS.plan(district.slug),
  });
  return (await searchParams).book ? { ...page, robots: { index: false, follow: false } } : page;
}

/** /<district>/plots: the live site plan and list of the district's plots. */
export default async function DistrictPlotsRoute({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return <PlotsPage district={await districtOf(params)} searchParams={searchParams} />;
}
