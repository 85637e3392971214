import type { Metadata, Viewport } from 'next';
import { HydratedMark } from '@/components/HydratedMark';
import { ToastHost } from '@/components/ToastHost';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { JsonLd, organizationJsonLd } from '@/lib/seo/json-ld';
import { fraunces } from './fonts';
import './globals.css';

export function generateMetadata(): Metadata {
  const { brand, tagline } = getSiteFacts();
  return {
    metadataBase: new URL(getSiteUrl()),
    title: { default: `${brand} — ${tagline}`, template: `%s | ${brand}` },
    description: tagline,
    applicationName: brand,
  };
}

export const viewport: Viewport = { themeColor: '#12302a', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-NG" className={fraunces.variable}>
      <body>
        {children}
        <ToastHost />
        <HydratedMark />
        <JsonLd data={organizationJsonLd(getSiteFacts(), getSiteUrl())} />
      </body>
    </html>
  );
}
