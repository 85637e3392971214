import type { Metadata } from 'next';
import { d2 } from '@/content/districts';
import { DistrictPage } from '@/modules/districts/ui.server';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ ...d2.meta, path: d2.path });

export default function District2Page() {
  return <DistrictPage district={d2} />;
}
