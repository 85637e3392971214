import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DISTRICTS } from '@/content/districts';
import { DistrictPage } from '@/modules/districts/ui.server';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * /d1, /d2, …: one page per district of the list (src/content/districts.ts), each prerendered at build; any other
 * slug is a 404 (docs/decisions/0406-districts-are-data.md).
 */
export const dynamicParams = false;

export const generateStaticParams = () => DISTRICTS.map((district) => ({ district: district.slug }));

type Params = Promise<{ district: string }>;

const districtOf = async (params: Params) => {
  const { district: slug } = await params;
  return DISTRICTS.find((district) => district.slug === slug) ?? notFound();
};

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const district = await districtOf(params);
  return pageMetadata({ ...district.meta, path: district.path });
}

export default async function DistrictRoute({ params }: { params: Params }) {
  return <DistrictPage district={await districtOf(params)} />;
}
