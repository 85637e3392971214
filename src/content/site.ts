/**
 * Site facts: brand, contact details, social handles. Each may be overridden by environment so the owner
 * can set the real ones without a code change (src/lib/site-facts.server.ts applies the settings).
 * The spec's footer brand came from another product (a file-checking app), so the brand is a neutral placeholder.
 */

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

/** The facts before the owner's settings (SITE_BRAND, SITE_EMAIL, SITE_PHONE, SITE_WHATSAPP). */
export const SITE_DEFAULTS: SiteFacts = {
  brand: 'Meridian Districts',
  tagline: 'Planned residential districts in Abuja and Ibadan',
  email: 'hello@meridiandistricts.ng',
  phone: '+234 700 000 0000',
  whatsapp: '2347000000000',
  address: { street: '12 Admiralty Way, Lekki Phase 1', city: 'Lagos', country: 'Nigeria' },
  social: [
    { network: 'facebook', label: 'Facebook', handle: '@meridiandistricts', url: 'https://www.facebook.com/meridiandistricts' },
    { network: 'x', label: 'X (Twitter)', handle: '@meridiandistrict', url: 'https://x.com/meridiandistrict' },
    { network: 'instagram', label: 'Instagram', handle: '@meridiandistricts', url: 'https://www.instagram.com/meridiandistricts' },
    { network: 'linkedin', label: 'LinkedIn', handle: 'Meridian Districts', url: 'https://www.linkedin.com/company/meridiandistricts' },
  ],
  copyrightYear: 2024,
};
