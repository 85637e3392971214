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

// The browsers of the end-to-end tests (playwright.config.ts). Debian's headless shell of Chromium (package
// chromium-headless-shell: the "old headless" build, which Playwright itself runs for headless tests) draws the same
// pages with the same engine, without the full browser's own UI, at a fraction of its CPU
// (docs/decisions/0382-ci-in-ten-minutes.md). The full browser for what the shell lacks: the Push API.
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH || '/usr/bin/chromium';
