/**
 * The site facts the shared test build is made with (scripts/lib/harness.mjs, unless the shell sets them) and the
 * e2e server is started with (playwright.config.ts). The public pages are prerendered, so the build must see them:
 * tests/e2e/districts.spec.ts checks the indicative $ and £ figures these rates give.
 */
export const TEST_SITE_FACTS = {
  SITE_FX_RATES: 'USD=1610,GBP=2050@2026-11-01',
};
