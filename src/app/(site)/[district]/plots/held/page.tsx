import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DISTRICTS } from '@/content/districts';
import { PLOTS_COPY } from '@/content/plots';
import { HeldPage } from '@/modules/plots/ui.server';

export const dynamic = 'force-dynamic';

type Params = Promise<{ district: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: PLOTS_COPY.held.metaTitle, robots: { index: false, follow: false } };

/** /<district>/plots/held?h=<signed link>: a hold's confirmation and own page. */
export default async function HeldRoute({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { district: slug } = await params;
  const district = DISTRICTS.find((d) => d.slug === slug) ?? notFound();
  return <HeldPage district={district} searchParams={searchParams} />;
}
