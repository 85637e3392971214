// Renders the hero animation frames from public/media/hero-skyline.svg with headless Chromium.
// Usage: node scripts/media/render-video-frames.mjs <outDir> [width=1280] [height=720] [fps=24] [seconds=10]
// Everything animated is periodic in the loop length, so the last frame flows into the first.
// Writes frame-0000.png ... and poster.png (frame 0 at 1600x900).
import { readFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './rasterise.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [outDir, w = '1280', h = '720', fps = '24', secs = '10'] = process.argv.slice(2);
if (!outDir) throw new Error('usage: render-video-frames.mjs <outDir> [w] [h] [fps] [seconds]');
mkdirSync(outDir, { recursive: true });
const svg = readFileSync(join(root, 'public', 'media', 'hero-skyline.svg'), 'utf8');

const page = (W, H) => `<!doctype html><html><head><style>
html,body{margin:0;background:#0b211a;overflow:hidden}
#v{width:${W}px;height:${H}px;overflow:hidden;position:relative}
svg{display:block;width:${W}px;height:${H}px;transform-origin:62% 64%;will-change:transform}
</style></head><body><div id="v">${svg}</div></body></html>`;

// Sets the scene to time p in [0,1) of the loop.
function setFrame(p) {
  const TAU = Math.PI * 2;
  const s = document.querySelector('svg');
  const z = 1.035 + 0.045 * (0.5 - 0.5 * Math.cos(TAU * p)); // slow zoom in and back out
  const tx = -14 * Math.sin(TAU * p),
    ty = -6 * (0.5 - 0.5 * Math.cos(TAU * p));
  s.style.transform = `translate(${tx}px, ${ty}px) scale(${z})`;
  document.querySelectorAll('.cloud').forEach((c, i) => {
    const dx = 26 * Math.sin(TAU * p + i * 1.7) + 10 * Math.sin(TAU * 2 * p + i);
    c.setAttribute('transform', `translate(${dx.toFixed(2)} 0)`);
  });
  document.querySelectorAll('.wg').forEach((g, i) => {
    const k = i % 2 ? 2 : 1;
    g.setAttribute('opacity', (0.72 + 0.28 * (0.5 + 0.5 * Math.sin(TAU * k * p + i * 2.1))).toFixed(3));
  });
  const glow = document.getElementById('lamps-glow');
  if (glow) glow.setAttribute('opacity', (0.85 + 0.15 * Math.sin(TAU * 2 * p)).toFixed(3));
  const star = document.getElementById('stars');
  if (star) star.setAttribute('opacity', (0.35 + 0.15 * Math.sin(TAU * 3 * p)).toFixed(3));
  // aircraft light crosses slowly right-to-left, fading in and out at the loop seam
  const ac = document.getElementById('aircraft');
  if (ac) {
    ac.setAttribute('transform', `translate(${(40 - 260 * p).toFixed(2)} ${(30 * p).toFixed(2)})`);
    ac.setAttribute('opacity', (0.8 * Math.sin(Math.PI * p) ** 2).toFixed(3));
  }
}

const ctx = await launch();
const pg = await ctx.newPage();
// poster: frame 0 at 1600x900
await pg.setViewportSize({ width: 1600, height: 900 });
await pg.setContent(page(1600, 900));
await pg.evaluate(setFrame, 0);
await pg.screenshot({ path: join(outDir, 'poster.png') });
// frames
const W = Number(w),
  H = Number(h),
  total = Number(fps) * Number(secs);
await pg.setViewportSize({ width: W, height: H });
await pg.setContent(page(W, H));
for (let f = 0; f < total; f++) {
  await pg.evaluate(setFrame, f / total);
  await pg.screenshot({ path: join(outDir, `frame-${String(f).padStart(4, '0')}.png`) });
}
await ctx.close();
console.log(`rendered ${total} frames to ${outDir}`);
