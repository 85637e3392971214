import type { ReactNode } from 'react';
import { NAV_COPY } from '@/content/navigation';
import { getSiteFacts } from '@/lib/site-facts.server';
import { DISTRICTS, OFFER_COPY, districtLabel } from '@/content/districts';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { BUYING_SECTION_ID } from '@/content/buying';
import { INSPECTION_COPY } from '@/content/inspections';
import type { NextSteps } from '@/modules/leads/ui';
import { InterestProvider } from '@/modules/leads/ui';
import { whatsappHref, whatsappRef } from '@/lib/contact-links';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** After a submission: book a site inspection, a WhatsApp chat about the chosen district, and how buying there works. */
function nextSteps(whatsapp: string): NextSteps {
  const steps = DISTRICTS.map((district) => [
    district.choice,
    {
      whatsappHref: whatsappHref(whatsapp, OFFER_COPY.whatsappMessage(districtLabel(district), whatsappRef('FORM'))),
      buyingHref: `${district.path}#${BUYING_SECTION_ID}`,
      districtName: district.name,
      bookLabel: INSPECTION_COPY.bookAction,
    },
  ]);
  return Object.fromEntries(steps) as NextSteps;
}

/** Header, footer, the Submit Interest popup and the sending overlay around every public page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const facts = getSiteFacts();
  return (
    <InterestProvider districts={DISTRICT_CHOICES} nextSteps={nextSteps(facts.whatsapp)}>
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-ivory-50 px-5 py-3 text-forest-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {NAV_COPY.skipToContent}
      </a>
      <SiteHeader brand={facts.brand} districtLinks={DISTRICTS.map((district) => ({ label: district.name, href: district.path }))} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter facts={facts} />
    </InterestProvider>
  );
}
