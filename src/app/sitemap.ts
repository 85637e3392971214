import type { MetadataRoute } from 'next';
import { getSiteUrl } from '@/lib/site-facts.server';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = getSiteUrl();
  const pages: [string, number][] = [
    ['/', 1],
    ['/d1', 0.9],
    ['/d2', 0.9],
    ['/privacy', 0.3],
    ['/terms', 0.3],
  ];
  return pages.map(([path, priority]) => ({ url: `${base}${path}`, changeFrequency: 'monthly', priority }));
}
export const dynamic = 'force-dynamic';
