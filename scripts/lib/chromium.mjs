// The flags Debian's Chromium runs with on these machines, for every headless use: Playwright (playwright.config.ts),
// Lighthouse (scripts/bench/frontend.mjs) and the media renders (scripts/media/rasterise.mjs).
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
