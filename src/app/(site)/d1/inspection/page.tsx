import type { Metadata } from 'next';
import { d1 } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { INSPECTION_PATHS } from '@/modules/leads';
import { pageMetadata } from '@/lib/seo/metadata';
import { BookingPage } from '@/modules/inspections/ui.server';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Indexed as the district's booking page; a buyer's own signed link (`?book=`) is never indexed. */
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const page = pageMetadata({
    title: INSPECTION_COPY.book.metaTitle(d1.name),
    description: INSPECTION_COPY.book.metaDescription(d1.name, d1.area),
    path: INSPECTION_PATHS.book('d1'),
  });
  return (await searchParams).book ? { ...page, robots: { index: false, follow: false } } : page;
}

/** /d1/inspection: book a site inspection of D1 (its slots and seats read per request). */
export default function D1InspectionPage({ searchParams }: { searchParams: SearchParams }) {
  return <BookingPage district={d1} searchParams={searchParams} />;
}
