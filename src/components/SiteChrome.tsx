import type { ReactNode } from 'react';
import { NAV_COPY } from '@/content/navigation';
import { getSiteFacts } from '@/content/site';
import { InterestProvider } from '@/features/interest/InterestProvider';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header, footer, the Submit Interest popup and the sending overlay around every public page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const facts = getSiteFacts();
  return (
    <InterestProvider>
      <a href="#main" className="sr-only z-[70] rounded-full bg-ivory-50 px-5 py-3 text-forest-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {NAV_COPY.skipToContent}
      </a>
      <SiteHeader brand={facts.brand} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter facts={facts} />
    </InterestProvider>
  );
}
