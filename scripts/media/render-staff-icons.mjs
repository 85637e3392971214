// Renders the staff app's icons into public/staff-app/ from the brand mark (src/app/icon.svg): 192 and 512 px as the
// mark is (rounded square), a 512 px maskable one (full-bleed forest, the mark inside the central safe circle, 40 %
// of the width in radius, that phones crop to their own shape) and the 96 px notification badge (the mark's strokes
// alone, white on transparent: phones draw only its alpha).
// Usage (from the repo root): node scripts/media/render-staff-icons.mjs
// sharp comes with Next.js (its image optimiser). Not part of install, build or tests; the PNGs are committed.
import { readFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'public', 'staff-app');
const mark = readFileSync(join(root, 'src', 'app', 'icon.svg'), 'utf8');
const strokes = /<path[^>]*\/>/.exec(mark)[0];

// The strokes reach 13 of the mark's 32 units from its centre: at 0.9 they stay within the safe circle (12.8).
const maskable = mark
  .replace('rx="7"', 'rx="0"')
  .replace(strokes, `<g transform="translate(16 16) scale(0.9) translate(-16 -16)">${strokes}</g>`);
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${strokes.replace(/stroke="#[0-9a-f]+"/i, 'stroke="#ffffff"').replace(/stroke-width="[\d.]+"/, 'stroke-width="3"')}</svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, file));

mkdirSync(out, { recursive: true });
await render(mark, 192, 'icon-192.png');
await render(mark, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
await render(badge, 96, 'badge-96.png');
console.log('wrote public/staff-app/icon-192.png, icon-512.png, icon-maskable-512.png, badge-96.png');
