import 'server-only';
import { SITE_DEFAULTS, type SiteFacts } from '@/content/site';
import { getEnv } from '@/lib/env.server';
import type { FxRates } from '@/lib/env-schema';

/** The site's facts: the content's defaults, each overridable by a setting (validated in src/lib/env-schema.ts). */
export function getSiteFacts(): SiteFacts {
  const env = getEnv();
  return {
    ...SITE_DEFAULTS,
    brand: env.SITE_BRAND ?? SITE_DEFAULTS.brand,
    email: env.SITE_EMAIL ?? SITE_DEFAULTS.email,
    phone: env.SITE_PHONE ?? SITE_DEFAULTS.phone,
    whatsapp: env.SITE_WHATSAPP ?? SITE_DEFAULTS.whatsapp,
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
