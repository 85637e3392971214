// Renders the raster brand assets: public/media/og-image.png (1200x630) and src/app/apple-icon.png (180x180).
// Usage (from the repo root): node scripts/media/render-rasters.mjs
// Not part of install, build or tests.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, renderHtml } from './rasterise.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (...p) => readFileSync(join(root, ...p));
const hero = read('public', 'media', 'hero-skyline.svg').toString().replace('<svg ', '<svg preserveAspectRatio="xMaxYMid slice" ');
const mark = read('src', 'app', 'icon.svg').toString();
const font = read('node_modules', '@fontsource-variable', 'fraunces', 'files', 'fraunces-latin-wght-normal.woff2').toString('base64');

const og = `<!doctype html><html><head><style>
@font-face{font-family:F;src:url(data:font/woff2;base64,${font}) format('woff2');font-weight:100 900}
html,body{margin:0}
.c{position:relative;width:1200px;height:630px;overflow:hidden;background:#0b211a}
.c>svg{position:absolute;right:-40px;top:0;width:1240px;height:630px}
.shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(8,26,21,.92) 0%,rgba(8,26,21,.7) 38%,rgba(8,26,21,0) 68%)}
.t{position:absolute;left:84px;top:210px;color:#fbf9f4;font-family:F;font-weight:420;font-size:76px;line-height:1.02;letter-spacing:-.01em;font-variation-settings:'opsz' 144}
.rule{position:absolute;left:86px;top:186px;width:64px;height:2px;background:#c9a66b}
.m{position:absolute;left:84px;top:420px;width:44px;height:44px}
.m svg{width:44px;height:44px;display:block}
</style></head><body><div class="c">${hero}<div class="shade"></div><div class="rule"></div><div class="t">Meridian<br>Districts</div><div class="m">${mark}</div></div></body></html>`;

const apple = `<!doctype html><html><head><style>html,body{margin:0}svg{display:block;width:180px;height:180px}</style></head><body>${mark.replace('rx="7"', 'rx="0"')}</body></html>`;

const ctx = await launch();
try {
  await renderHtml(ctx, og, join(root, 'public', 'media', 'og-image.png'), 1200, 630);
  // iOS rounds the corners itself, so the apple icon is rendered full-bleed.
  await renderHtml(ctx, apple, join(root, 'src', 'app', 'apple-icon.png'), 180, 180);
} finally {
  await ctx.close();
}
console.log('wrote public/media/og-image.png and src/app/apple-icon.png');
