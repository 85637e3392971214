import type { MetadataRoute } from 'next';
import { SIGN_IN_PATH } from '@/lib/constants';
import { getSiteUrl } from '@/lib/site-facts.server';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin', SIGN_IN_PATH] },
    sitemap: `${getSiteUrl()}/sitemap.xml`,
  };
}
export const dynamic = 'force-dynamic';
