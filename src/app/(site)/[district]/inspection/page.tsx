import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DISTRICTS } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { INSPECTION_PATHS } from '@/modules/leads';
import { pageMetadata } from '@/lib/seo/metadata';
import { BookingPage } from '@/modules/inspections/ui.server';

export const dynamic = 'force-dynamic';

type Params = Promise<{ district: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Rendered per request, so the district list is checked here rather than by the parent's static params.
const districtOf = async (params: Params) => {
  const { district: slug } = await params;
  return DISTRICTS.find((district) => district.slug === slug) ?? notFound();
};

/** Indexed as the district's booking page; a buyer's own signed link (`?book=`) is never indexed. */
export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const district = await districtOf(params);
  const page = pageMetadata({
    title: INSPECTION_COPY.book.metaTitle(district.name),
    description: INSPECTION_COPY.book.metaDescription(district.name, district.area),
    path: INSPECTION_PATHS.book(district.slug),
  });
  return (await searchParams).book ? { ...page, robots: { index: false, follow: false } } : page;
}

/** /<district>/inspection: book a site inspection of the district (its slots and seats read per request). */
export default async function DistrictInspectionRoute({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return <BookingPage district={await districtOf(params)} searchParams={searchParams} />;
}
