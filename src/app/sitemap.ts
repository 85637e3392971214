import type { MetadataRoute } from 'next';
import { DISTRICTS } from '@/content/districts';
import { getSiteUrl } from '@/lib/site-facts.server';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = getSiteUrl();
  const pages: [string, number][] = [
    ['/', 1],
    ...DISTRICTS.map((district): [string, number] => [district.path, 0.9]),
    ['/privacy', 0.3],
    ['/terms', 0.3],
  ];
  return pages.map(([path, priority]) => ({ url: `${base}${path}`, changeFrequency: 'monthly', priority }));
}
export const dynamic = 'force-dynamic';
