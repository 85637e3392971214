import type { Metadata } from 'next';
import { getSiteFacts } from '@/lib/site-facts.server';

/** Per-page title, description, canonical URL and OpenGraph card. */
export function pageMetadata({ title, description, path }: { title: string; description: string; path: string }): Metadata {
  const { brand } = getSiteFacts();
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      locale: 'en_NG',
      siteName: brand,
      title: `${title} | ${brand}`,
      description,
      url: path,
      images: [{ url: '/media/og-image.png', width: 1200, height: 630, alt: brand }],
    },
    twitter: { card: 'summary_large_image', title: `${title} | ${brand}`, description, images: ['/media/og-image.png'] },
  };
}
