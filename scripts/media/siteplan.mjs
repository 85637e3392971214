// Aerial master-plan drawings (1200x800), one per district: plot blocks (brass = available, sage = sold), roads, a
// roundabout, a central park and amenity markers. Each district has its own plot statuses, amenities and landmark
// edge (Lugbe: the airport road's granite outcrop; Moniya: the railway line). The legend is HTML beside the image.
import { C, rng, n, svgOpen } from './lib.mjs';

const PLANS = {
  lugbe: {
    seed: 51,
    available: 0.3,
    sold: 0.12,
    amenities: [
      [0, 1],
      [3, 2],
      [2, 3],
    ],
    edge: 'outcrop',
    title: 'Master-plan drawing of District 1, Lugbe: plot blocks around a central park, a boulevard, a roundabout and amenity sites',
  },
  moniya: {
    seed: 77,
    available: 0.42,
    sold: 0.16,
    amenities: [
      [3, 0],
      [0, 2],
      [1, 3],
    ],
    edge: 'railway',
    title:
      'Master-plan drawing of District 2, Moniya: plot blocks around a central park, the railway line to the north, a roundabout and amenity sites',
  },
};

export const siteplanLugbe = () => siteplan(PLANS.lugbe);
export const siteplanMoniya = () => siteplan(PLANS.moniya);

function siteplan(plan) {
  const W = 1200,
    H = 800;
  const r = rng(plan.seed);
  const o = [svgOpen(W, H, plan.title)];
  o.push(
    `<defs><pattern id="gd" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="${C.b500}" stroke-width=".5" opacity=".35"/></pattern>
<radialGradient id="vg" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="${C.ivory}" stop-opacity="0"/><stop offset="1" stop-color="${C.b300}" stop-opacity=".35"/></radialGradient></defs>`.replace(
      '${C.ivory}',
      C.i100,
    ),
  );
  o.push(`<rect width="${W}" height="${H}" fill="${C.i100}"/><rect width="${W}" height="${H}" fill="url(#gd)"/>`);

  // Surrounding landscape: soft green buffer with tree dots
  o.push(`<path fill="${C.f100}" d="M0 0H1200V800H0ZM70 60H1130V740H70Z" fill-rule="evenodd"/>`);

  // Road network (drawn as wide ivory bands with fine kerb lines)
  const roadW = 26;
  const roads = [
    'M70 400H1130', // east-west spine
    'M600 60V740', // north-south spine
    'M70 190H1130',
    'M70 610H1130',
    'M300 60V740',
    'M900 60V740',
  ];
  o.push(
    `<g fill="none" stroke-linecap="square"><path stroke="${C.b500}" stroke-width="${roadW + 2}" opacity=".55" d="${roads.join('')}"/><path stroke="${C.i50}" stroke-width="${roadW}" d="${roads.join('')}"/><path stroke="${C.b400}" stroke-width="1" stroke-dasharray="8 8" opacity=".7" d="${roads.join('')}"/></g>`,
  );
  // Curved boulevard entering from the south-west
  const blvd = 'M0 700C30 690 56 650 70 612';
  o.push(
    `<g fill="none"><path stroke="${C.b500}" stroke-width="36" opacity=".55" d="${blvd}"/><path stroke="${C.i50}" stroke-width="34" d="${blvd}"/><path stroke="${C.f600}" stroke-width="4" opacity=".6" d="${blvd}"/></g>`,
  );

  // Plot blocks in each cell between roads, leaving the centre cells for the park
  const xs = [70, 300, 600, 900, 1130];
  const ys = [60, 190, 400, 610, 740];
  let plots = '',
    avail = '',
    sold = '';
  const amenities = [];
  const half = roadW / 2 + 6;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const x0 = xs[i] + (i === 0 ? 10 : half),
        x1 = xs[i + 1] - (i === 3 ? 10 : half);
      const y0 = ys[j] + (j === 0 ? 10 : half),
        y1 = ys[j + 1] - (j === 3 ? 10 : half);
      const park = (i === 1 || i === 2) && (j === 1 || j === 2);
      if (park) continue;
      if (plan.amenities.some(([ai, aj]) => ai === i && aj === j)) {
        amenities.push([x0, y0, x1, y1]);
        continue;
      }
      // two rows of plots back-to-back
      const cols = Math.max(3, Math.round((x1 - x0) / 46));
      const rows = y1 - y0 > 150 ? 2 : 1;
      const pw = (x1 - x0) / cols,
        ph = (y1 - y0) / rows;
      for (let a = 0; a < cols; a++)
        for (let b = 0; b < rows; b++) {
          const px = x0 + a * pw + 2,
            py = y0 + b * ph + 2,
            w = pw - 4,
            h = ph - 4;
          const rect = `M${n(px)} ${n(py)}h${n(w)}v${n(h)}h${n(-w)}Z`;
          const k = r();
          if (k < plan.available) avail += rect;
          else if (k < plan.available + plan.sold) sold += rect;
          else plots += rect;
        }
    }
  }
  o.push(`<path fill="${C.i50}" stroke="${C.b500}" stroke-width="1" d="${plots}"/>`);
  o.push(`<path fill="${C.b300}" stroke="${C.b500}" stroke-width="1" d="${avail}"/>`);
  o.push(`<path fill="${C.f100}" stroke="${C.f600}" stroke-width="1" d="${sold}"/>`);
  // building footprints inside some plots (small darker rectangles)
  let fp = '';
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      if ((i === 1 || i === 2) && (j === 1 || j === 2)) continue;
      if (plan.amenities.some(([ai, aj]) => ai === i && aj === j)) continue;
      const x0 = xs[i] + half + 8,
        y0 = ys[j] + half + 8;
      for (let k = 0; k < 3; k++)
        if (r() < 0.7)
          fp += `M${n(x0 + k * 46 + r.range(0, 6))} ${n(y0 + r.range(0, 8))}h${n(r.range(18, 26))}v${n(r.range(14, 22))}h-${n(r.range(18, 26))}Z`;
    }
  o.push(`<path fill="${C.f700}" opacity=".22" d="${fp}"/>`);
  // Amenity sites (school, clinic, market): the park's green with a ringed brass marker.
  for (const [x0, y0, x1, y1] of amenities) {
    const cx = (x0 + x1) / 2,
      cy = (y0 + y1) / 2;
    o.push(
      `<rect x="${n(x0 + 2)}" y="${n(y0 + 2)}" width="${n(x1 - x0 - 4)}" height="${n(y1 - y0 - 4)}" rx="10" fill="#cfe0d5" stroke="${C.f600}" stroke-width="1.2"/><circle cx="${n(cx)}" cy="${n(cy)}" r="17" fill="${C.i50}" stroke="${C.f600}" stroke-width="2"/><circle cx="${n(cx)}" cy="${n(cy)}" r="8" fill="${C.b400}"/>`,
    );
  }

  // Central park across the four middle cells (roads through it become paths)
  const px0 = 300 + half,
    px1 = 900 - half,
    py0 = 190 + half,
    py1 = 610 - half;
  o.push(
    `<rect x="${px0}" y="${py0}" width="${px1 - px0}" height="${py1 - py0}" rx="18" fill="#cfe0d5" stroke="${C.f600}" stroke-width="1.2"/>`,
  );
  // re-draw crossing roads over the park so the spine is continuous
  o.push(
    `<path fill="none" stroke="${C.i50}" stroke-width="${roadW}" d="M${px0} 400H${px1}M600 ${py0}V${py1}"/><path fill="none" stroke="${C.b500}" stroke-width="1" opacity=".6" d="M${px0} ${400 - roadW / 2}H${px1}M${px0} ${400 + roadW / 2}H${px1}M${600 - roadW / 2} ${py0}V${py1}M${600 + roadW / 2} ${py0}V${py1}"/>`,
  );
  // roundabout
  o.push(
    `<circle cx="600" cy="400" r="56" fill="${C.i50}" stroke="${C.b500}" stroke-width="1"/><circle cx="600" cy="400" r="32" fill="${C.f600}"/><circle cx="600" cy="400" r="20" fill="none" stroke="${C.b300}" stroke-width="1.5"/><circle cx="600" cy="400" r="6" fill="${C.b300}"/>`,
  );
  // park: winding path loop, pond, trees
  o.push(
    `<path fill="none" stroke="${C.i50}" stroke-width="6" stroke-linecap="round" d="M360 250C430 228 500 300 540 330M660 330C720 280 800 240 840 280C870 320 860 360 680 370M360 550C430 572 500 500 540 470M660 470C720 520 800 560 840 520"/>`,
  );
  o.push(`<path fill="#a9cbc0" stroke="${C.f600}" stroke-width="1" d="M700 470c40-20 110-10 120 24c8 30-40 52-90 44c-44-8-64-48-30-68Z"/>`);
  let trees = '';
  for (let i = 0; i < 150; i++) {
    const x = r.range(px0 + 16, px1 - 16),
      y = r.range(py0 + 16, py1 - 16);
    if (Math.abs(x - 600) < 80 && Math.abs(y - 400) < 80) continue;
    if (Math.abs(y - 400) < 22 || Math.abs(x - 600) < 22) continue;
    if (x > 690 && x < 830 && y > 455 && y < 545) continue;
    const rr = r.range(7, 13);
    trees += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rr)}"/>`;
  }
  o.push(`<g fill="${C.f600}" fill-opacity=".8" stroke="${C.f700}" stroke-width=".8">${trees}</g>`);
  // tree dots around the perimeter buffer
  let per = '';
  for (let x = 40; x < W; x += 32) per += `<circle cx="${x}" cy="30" r="10"/><circle cx="${x + 16}" cy="772" r="10"/>`;
  for (let y = 90; y < 740; y += 32) per += `<circle cx="34" cy="${y}" r="10"/><circle cx="1166" cy="${y + 16}" r="10"/>`;
  o.push(`<g fill="${C.f600}" opacity=".55">${per}</g>`);
  // street trees along the spine
  let st = '';
  for (let x = 90; x < 1120; x += 40)
    if (x < px0 || x > px1)
      st += `<circle cx="${x}" cy="${400 - roadW / 2 - 8}" r="5"/><circle cx="${x}" cy="${400 + roadW / 2 + 8}" r="5"/>`;
  o.push(`<g fill="${C.f600}">${st}</g>`);
  if (plan.edge === 'railway') {
    // the railway along the northern buffer: rails with sleepers
    let sleepers = '';
    for (let x = 14; x < W - 14; x += 14) sleepers += `M${x} 38v16`;
    o.push(
      `<path fill="none" stroke="${C.f800}" stroke-width="2" opacity=".5" d="${sleepers}"/><path fill="none" stroke="${C.f800}" stroke-width="2.5" d="M14 41H${W - 14}M14 51H${W - 14}"/>`,
    );
  } else {
    // a granite outcrop in the north-west corner
    o.push(`<path fill="${C.f700}" opacity=".35" d="M20 120C30 70 70 40 120 36C170 32 200 50 190 64L120 60C90 62 60 90 52 128Z"/>`);
  }
  // north arrow (glyph only) + scale bar
  o.push(
    `<g transform="translate(1100 110)"><circle r="24" fill="${C.i50}" stroke="${C.b500}"/><path d="M0-18L7 8L0 3L-7 8Z" fill="${C.f800}"/><path d="M0 3L7 8L0 16L-7 8Z" fill="${C.b400}"/></g>`,
  );
  o.push(
    `<g transform="translate(960 710)" stroke="${C.f800}" stroke-width="1.5"><path d="M0 0H120M0-5V5M40-3V3M80-3V3M120-5V5" fill="none"/><path d="M0-2h40v4H0ZM80-2h40v4H80Z" fill="${C.f800}"/></g>`,
  );
  // drawing frame
  o.push(
    `<rect x="8" y="8" width="${W - 16}" height="${H - 16}" fill="none" stroke="${C.b500}" stroke-width="1"/><rect x="14" y="14" width="${W - 28}" height="${H - 28}" fill="none" stroke="${C.b500}" stroke-width=".5"/>`,
  );
  o.push('</svg>');
  return o.join('');
}
