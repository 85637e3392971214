import type { Metadata } from 'next';
import { d2 } from '@/content/districts';
import { getSiteFacts, getSiteUrl } from '@/content/site';
import { DistrictPage } from '@/features/districts/DistrictPage';
import { districtOfferJsonLd, JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ ...d2.meta, path: d2.path });

export default function District2Page() {
  const facts = getSiteFacts();
  return (
    <>
      <DistrictPage district={d2} facts={facts} />
      <JsonLd data={districtOfferJsonLd(d2, facts, getSiteUrl())} />
    </>
  );
}
