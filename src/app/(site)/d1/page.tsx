import type { Metadata } from 'next';
import { d1 } from '@/content/districts';
import { getSiteFacts, getSiteUrl } from '@/content/site';
import { DistrictPage } from '@/features/districts/DistrictPage';
import { districtOfferJsonLd, JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ ...d1.meta, path: d1.path });

export default function District1Page() {
  const facts = getSiteFacts();
  return (
    <>
      <DistrictPage district={d1} facts={facts} />
      <JsonLd data={districtOfferJsonLd(d1, facts, getSiteUrl())} />
    </>
  );
}
