import type { MetadataRoute } from 'next';
import { getSiteUrl } from '@/content/site';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin', '/registration'] },
    sitemap: `${getSiteUrl()}/sitemap.xml`,
  };
}
export const dynamic = 'force-dynamic';
