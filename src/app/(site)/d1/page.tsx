import type { Metadata } from 'next';
import { d1 } from '@/content/districts';
import { DistrictPage } from '@/modules/districts/ui.server';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ ...d1.meta, path: d1.path });

export default function District1Page() {
  return <DistrictPage district={d1} />;
}
