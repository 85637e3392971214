// Rasterise an SVG to PNG with headless Chromium (playwright-core).
// Usage: node scripts/media/rasterise.mjs in.svg out.png width height
// Also exported as rasterise() for the other media scripts.
import { chromium } from 'playwright-core';
import { readFileSync, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from '../lib/chromium.mjs';

/** Chromium binary: $CHROMIUM_PATH, else the first chromium/chrome found on PATH. */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  (() => {
    for (const dir of (process.env.PATH || '').split(delimiter))
      for (const name of ['chromium', 'chromium-browser', 'google-chrome']) if (dir && existsSync(join(dir, name))) return join(dir, name);
    throw new Error('Chromium not found: set CHROMIUM_PATH');
  })();

export async function launch() {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'media-chrome-')), {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

/** Render an HTML string at w x h and write a PNG. */
export async function renderHtml(ctx, html, out, w, h) {
  const page = await ctx.newPage();
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: w, height: h } });
  await page.close();
}

export function svgPage(svg, w, h) {
  return `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:${w}px;height:${h}px}</style></head><body>${svg}</body></html>`;
}

export async function rasterise(svgFile, out, w, h) {
  const ctx = await launch();
  try {
    await renderHtml(ctx, svgPage(readFileSync(svgFile, 'utf8'), w, h), out, w, h);
  } finally {
    await ctx.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, out, w, h] = process.argv.slice(2);
  await rasterise(input, out, Number(w), Number(h));
  console.log(`wrote ${out}`);
}
