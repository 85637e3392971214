// Regenerates the SVG illustrations in public/media from code.
// Usage: node scripts/media/build-svgs.mjs [name...]   (names: hero, lugbe, moniya, siteplan-lugbe, siteplan-moniya)
// Not part of install/build/tests; run by hand when changing the artwork.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { hero } from './hero.mjs';
import { lugbe, moniya } from './districts.mjs';
import { siteplanLugbe, siteplanMoniya } from './siteplan.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const media = join(root, 'public', 'media');

const jobs = {
  hero: ['hero-skyline.svg', hero],
  lugbe: ['district-lugbe.svg', lugbe],
  moniya: ['district-moniya.svg', moniya],
  'siteplan-lugbe': ['site-plan-lugbe.svg', siteplanLugbe],
  'siteplan-moniya': ['site-plan-moniya.svg', siteplanMoniya],
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(jobs);
for (const key of wanted) {
  const [file, fn] = jobs[key];
  const svg = fn();
  writeFileSync(join(media, file), svg + '\n');
  console.log(`${file}: ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB`);
}
