import type { Metadata, Viewport } from 'next';
import { fraunces, inter } from './fonts';
import './globals.css';

export const metadata: Metadata = { title: 'Meridian Districts' };
export const viewport: Viewport = { themeColor: '#12302a', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-NG" className={`${fraunces.variable} ${inter.variable}`}>
      <body>{children}</body>
    </html>
  );
}
