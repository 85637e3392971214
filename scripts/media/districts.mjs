// District illustrations (1200x800): Lugbe (Abuja) and Moniya (Ibadan).
import { C, rng, n, smooth, ridge, palm, roundTree, columnTree, villa, rectsPath, lamp, svgOpen, merge } from './lib.mjs';

const sunDefs = (id, cx, cy) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="520" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff6e2"/><stop offset=".12" stop-color="${C.b300}" stop-opacity=".85"/><stop offset=".5" stop-color="${C.b300}" stop-opacity=".25"/><stop offset="1" stop-color="${C.b300}" stop-opacity="0"/></radialGradient>`;

/** Lugbe, Abuja: villas on a palm-lined avenue in perspective, granite inselberg, aircraft climbing from the airport. */
export function lugbe() {
  const W = 1200,
    H = 800,
    hy = 500,
    vx = 600;
  const r = rng(31);
  const o = [
    svgOpen(W, H, 'Lugbe, Abuja: villas along a palm-lined avenue beneath a granite hill, with an aircraft climbing in the distance'),
  ];
  o.push(`<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfdcd3"/><stop offset=".55" stop-color="${C.i100}"/><stop offset="1" stop-color="#efdcb4"/></linearGradient>${sunDefs('g', 860, 470)}
<linearGradient id="rk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9b5a6"/><stop offset="1" stop-color="#7f9384"/></linearGradient>
<linearGradient id="rd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d9a8c"/><stop offset="1" stop-color="#2b3d35"/></linearGradient>
<linearGradient id="gr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.f600}"/><stop offset="1" stop-color="${C.f800}"/></linearGradient></defs>`);
  o.push(`<rect width="${W}" height="${H}" fill="url(#s)"/><rect width="${W}" height="${H}" fill="url(#g)"/>`);
  o.push(`<circle cx="860" cy="430" r="34" fill="#fff8ea" opacity=".9"/>`);
  // high thin clouds
  o.push(
    `<path fill="#fff" opacity=".5" d="${smooth(
      [
        [90, 170],
        [170, 152],
        [260, 162],
        [340, 148],
        [420, 168],
        [260, 176],
      ],
      true,
    )}${smooth(
      [
        [760, 120],
        [860, 104],
        [960, 116],
        [1040, 108],
        [1090, 124],
        [900, 130],
      ],
      true,
    )}"/>`,
  );
  // aircraft climbing out (left to right), with a fine dashed contrail
  o.push(
    `<path fill="none" stroke="${C.b500}" stroke-width="1.2" stroke-dasharray="2 5" stroke-linecap="round" opacity=".8" d="M150 330Q260 290 372 236"/>`,
  );
  o.push(
    `<g transform="translate(386 229) rotate(-25)" fill="${C.f800}"><path d="M-22 -1.6C-10 -2.6 10 -2.6 19 -1.2C22 -.6 22 .6 19 1.2C10 2.6 -10 2.6 -22 1.6Z"/><path d="M2 -1L-6 -15H-2L10 -1ZM2 1L-6 15H-2L10 1ZM-17 -1L-21 -7H-18L-13 -1ZM-17 1L-21 7H-18L-13 1Z"/></g>`,
  );
  // far ridge + granite inselberg (Zuma/Aso style dome)
  o.push(
    `<path fill="#b7c4b5" d="${ridge(
      [
        [0, 470],
        [150, 452],
        [300, 462],
        [460, 440],
        [600, 458],
        [760, 446],
        [960, 460],
        [1200, 440],
      ],
      520,
    )}"/>`,
  );
  const rk = [
    [560, 500],
    [590, 420],
    [625, 350],
    [670, 300],
    [730, 270],
    [800, 262],
    [860, 276],
    [905, 310],
    [935, 360],
    [960, 430],
    [985, 500],
  ];
  o.push(`<path fill="url(#rk)" d="${smooth(rk, false, 0.5)}Z"/>`);
  let rl = '';
  for (const [sx, sy, len] of [
    [660, 310, 140],
    [720, 278, 190],
    [790, 266, 200],
    [850, 276, 190],
    [905, 312, 150],
  ])
    rl += `M${sx} ${sy}q-8 ${n(len / 2)} 3 ${len}`;
  o.push(`<path fill="none" stroke="${C.i50}" stroke-width="1" opacity=".3" d="${rl}"/>`);
  o.push(
    `<path fill="#93a696" d="${ridge(
      [
        [880, 500],
        [960, 440],
        [1040, 420],
        [1120, 436],
        [1200, 456],
      ],
      520,
    )}"/>`,
  );
  o.push(
    `<path fill="#8aa08f" d="${ridge(
      [
        [0, 500],
        [80, 452],
        [170, 440],
        [260, 462],
        [330, 500],
      ],
      520,
    )}"/>`,
  );
  // distant tree line
  let tl = '';
  for (let x = -10; x < W; x += r.range(14, 26)) tl += roundTree(x, hy + 4, r.range(16, 26), '#6f8c7b', r);
  o.push(merge([tl], '#6f8c7b'));
  o.push(`<path fill="#6f8c7b" d="M0 ${hy - 2}h${W}v8H0Z"/>`);
  // ground
  o.push(`<path fill="url(#gr)" d="M0 ${hy + 4}h${W}v${H - hy}H0Z"/>`);

  // Perspective helpers: world depth z -> screen y; road half-width 170 at the bottom edge (y=800)
  const K = (H - hy) * 1; // y = hy + K/z, z=1 at bottom
  const yAt = (z) => hy + K / z;
  const sAt = (z) => 1 / z; // scale relative to bottom
  const half = 230; // half road width at z=1

  // plot grid on the ground: fine lines receding to the vanishing point (a master-plan nod)
  let pg = '';
  for (let z = 1.2; z < 14; z *= 1.22) pg += `M0 ${n(yAt(z))}H${W}`;
  for (const k of [1.9, 3, 4.6, 7, 10]) pg += `M${vx} ${hy + 4}L${n(vx - half * k)} ${H}M${vx} ${hy + 4}L${n(vx + half * k)} ${H}`;
  o.push(`<path fill="none" stroke="${C.f100}" stroke-width="1" opacity=".18" d="${pg}"/>`);
  // road surface
  o.push(`<path fill="url(#rd)" d="M${vx - 2} ${hy + 4}L${vx + 2} ${hy + 4}L${vx + half * 1.05} ${H}L${vx - half * 1.05} ${H}Z"/>`);
  // kerbs + centre dashes
  let dash = '';
  for (let z = 1.1; z < 30; z *= 1.28) {
    const y1 = yAt(z),
      y2 = yAt(z * 1.1);
    const w1 = 3 * sAt(z),
      w2 = 3 * sAt(z * 1.1);
    dash += `M${n(vx - w1)} ${n(y1)}L${n(vx + w1)} ${n(y1)}L${n(vx + w2)} ${n(y2)}L${n(vx - w2)} ${n(y2)}Z`;
  }
  o.push(`<path fill="${C.i100}" opacity=".8" d="${dash}"/>`);
  o.push(
    `<path fill="none" stroke="${C.i200}" stroke-width="1.5" d="M${vx - 2} ${hy + 4}L${vx - half * 1.05} ${H}M${vx + 2} ${hy + 4}L${vx + half * 1.05} ${H}"/>`,
  );
  // verges: lighter lawn strip along the road
  o.push(
    `<path fill="${C.f600}" opacity=".5" d="M${vx - 3} ${hy + 4}L${vx - half * 1.05} ${H}L${vx - half * 1.55} ${H}ZM${vx + 3} ${hy + 4}L${vx + half * 1.05} ${H}L${vx + half * 1.55} ${H}Z"/>`,
  );

  // Houses both sides, far to near
  const items = [];
  for (let z = 9; z >= 1.5; z /= 1.22) {
    for (const side of [-1, 1]) {
      const y = yAt(z),
        s = sAt(z) * 1.45;
      const kind = r.pick(['flat', 'pitched', 'flat', 'block']);
      const v0 = villa(0, 0, s, kind, r);
      const edge = vx + side * (half * 1.7 * sAt(z) + 10 * sAt(z));
      const x = side < 0 ? edge - v0.width : edge;
      const v = villa(x, y, s, kind, rng(Math.round(z * 100) + side));
      items.push({ z, v, side });
    }
  }
  for (const { z, v } of items) {
    const t = Math.min(1, (z - 1) / 8); // haze with distance
    const mix = (a, b) => {
      const p = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
      const A = p(a),
        B = p(b);
      return (
        '#' +
        A.map((c, i) =>
          Math.round(c + (B[i] - c) * t)
            .toString(16)
            .padStart(2, '0'),
        ).join('')
      );
    };
    o.push(`<path fill="${mix(C.i100, '#d3dacd')}" d="${v.body}"/>`);
    o.push(`<path fill="${mix(C.f700, '#9fb0a2')}" d="${rectsPath(v.wins)}"/>`);
  }
  // roofs lines accent: thin brass base line per house row handled by hedges below
  // palms + lamps along both kerbs, far to near
  const pal = [];
  const lamps = [];
  for (let z = 8; z >= 0.9; z /= 1.45) {
    const y = yAt(z) + 2,
      s = sAt(z);
    for (const side of [-1, 1]) {
      const x = vx + side * half * 1.25 * s;
      pal.push(`<use href="#lp" transform="translate(${n(x)} ${n(y)}) scale(${(s * side).toFixed(3)} ${s.toFixed(3)})"/>`);
      const L = lamp(vx + side * half * 1.12 * s * 1.02, y + 1, 150 * s * 0.9, -side, C.f900);
      lamps.push(L.d);
    }
  }
  // hedges between houses and palms
  let hd = '';
  for (const { z, v } of items) {
    const s2 = sAt(z);
    const xs = [...v.body.matchAll(/M(-?[\d.]+) (-?[\d.]+)/g)].map((m) => +m[1]);
    const x0 = Math.min(...xs) - 6 * s2,
      x1 = Math.max(...xs) + 60 * s2;
    const y = yAt(z);
    hd += `M${n(x0)} ${n(y - 7 * s2)}H${n(x1)}v${n(8 * s2 + 1)}H${n(x0)}Z`;
  }
  o.push(`<path fill="${C.f700}" d="${hd}"/>`);
  o.push(`<defs><symbol id="lp" overflow="visible">${palm(0, 0, 300, 8, C.f900, rng(3), false)}</symbol></defs>`);
  o.push(pal.join(''));
  o.push(`<path fill="${C.f900}" d="${lamps.join('')}"/>`);
  o.push('</svg>');
  return o.join('');
}

/** Moniya, Ibadan: rolling green hills, a passenger train on the rail line, homes and trees. */
export function moniya() {
  const W = 1200,
    H = 800;
  const r = rng(41);
  const o = [svgOpen(W, H, 'Moniya, Ibadan: homes among rolling green hills with a passenger train crossing on the railway')];
  o.push(`<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d6e2d9"/><stop offset=".6" stop-color="${C.i100}"/><stop offset="1" stop-color="#f1e2c2"/></linearGradient>${sunDefs('g', 300, 380)}
<linearGradient id="h1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb8a6"/><stop offset="1" stop-color="#7f9f8a"/></linearGradient>
<linearGradient id="h2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f8270"/><stop offset="1" stop-color="${C.f600}"/></linearGradient>
<linearGradient id="h3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.f600}"/><stop offset="1" stop-color="${C.f700}"/></linearGradient>
<linearGradient id="h4" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.f700}"/><stop offset="1" stop-color="${C.f900}"/></linearGradient>
<linearGradient id="tr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.i50}"/><stop offset="1" stop-color="${C.i200}"/></linearGradient></defs>`);
  o.push(`<rect width="${W}" height="${H}" fill="url(#s)"/><rect width="${W}" height="${H}" fill="url(#g)"/>`);
  o.push(`<circle cx="300" cy="330" r="38" fill="#fff8ea" opacity=".95"/>`);
  o.push(
    `<path fill="#fff" opacity=".55" d="${smooth(
      [
        [620, 150],
        [700, 130],
        [800, 142],
        [880, 128],
        [960, 150],
        [780, 158],
      ],
      true,
    )}${smooth(
      [
        [60, 220],
        [130, 206],
        [210, 214],
        [260, 226],
        [140, 232],
      ],
      true,
    )}"/>`,
  );
  // birds: three fine chevrons
  o.push(
    `<path fill="none" stroke="${C.f700}" stroke-width="1.4" stroke-linecap="round" d="M820 230q6-6 12 0q6-6 12 0M858 252q5-5 10 0q5-5 10 0M790 262q4-4 8 0q4-4 8 0"/>`,
  );
  // far hills (Ibadan's rolling ridges)
  o.push(
    `<path fill="url(#h1)" d="${ridge(
      [
        [0, 420],
        [140, 380],
        [300, 402],
        [460, 366],
        [640, 396],
        [820, 360],
        [1000, 392],
        [1200, 370],
      ],
      560,
    )}"/>`,
  );
  // far trees dotted on the ridge
  let ft = '';
  for (let i = 0; i < 40; i++) {
    const x = r.range(0, W);
    ft += roundTree(x, 430 + r.range(-10, 20), r.range(12, 20), '#7f9f8a', r);
  }
  o.push(merge([ft], '#7f9f8a'));
  o.push(
    `<path fill="url(#h2)" d="${ridge(
      [
        [0, 480],
        [180, 450],
        [380, 470],
        [560, 440],
        [760, 468],
        [980, 446],
        [1200, 462],
      ],
      620,
    )}"/>`,
  );
  // contour-like fine lines on the mid hill (fields)
  let fl = '';
  for (let k = 0; k < 5; k++)
    fl += smooth([
      [0, 496 + k * 18],
      [200, 470 + k * 19],
      [420, 488 + k * 18],
      [620, 462 + k * 19],
      [840, 484 + k * 18],
      [1200, 478 + k * 18],
    ]);
  o.push(`<path fill="none" stroke="${C.f100}" stroke-width="1" opacity=".25" d="${fl}"/>`);

  // village of homes on the mid slope
  const homes = [];
  const wins = [];
  let x = 520;
  while (x < 1180) {
    const s = r.range(0.38, 0.5);
    const v = villa(x, 520 + r.range(-8, 8), s, r.pick(['pitched', 'flat', 'pitched']), r);
    homes.push(v.body);
    wins.push(...v.wins);
    x += v.width + r.range(10, 30);
  }
  o.push(`<path fill="${C.i50}" d="${homes.join('')}"/><path fill="${C.f700}" opacity=".75" d="${rectsPath(wins)}"/>`);
  let mt = '';
  for (let i = 0; i < 16; i++) mt += roundTree(r.range(480, 1200), 532 + r.range(-4, 10), r.range(26, 40), C.f700, r);
  o.push(merge([mt], C.f700));

  // Railway embankment: a gentle rising line across the scene
  const ry = (X) => 600 - X * 0.04;
  o.push(
    `<path fill="url(#h3)" d="${ridge(
      [
        [0, 590],
        [300, 575],
        [600, 560],
        [900, 560],
        [1200, 548],
      ],
      700,
    )}"/>`,
  );
  o.push(`<path fill="#3f6f5f" d="M0 ${n(ry(0) + 6)}L${W} ${n(ry(W) + 6)}L${W} ${n(ry(W) + 16)}L0 ${n(ry(0) + 22)}Z"/>`);
  // rails + sleepers
  let sl = '';
  for (let X = 0; X <= W; X += 9) sl += `M${X} ${n(ry(X) + 1)}v5`;
  o.push(`<path fill="none" stroke="${C.f800}" stroke-width="2" d="${sl}"/>`);
  o.push(
    `<path fill="none" stroke="${C.b700}" stroke-width="1.4" d="M0 ${n(ry(0) + 1)}L${W} ${n(ry(W) + 1)}M0 ${n(ry(0) + 5)}L${W} ${n(ry(W) + 5)}"/>`,
  );
  // catenary masts
  let ms = '';
  for (let X = 40; X < W; X += 150) ms += `M${X} ${n(ry(X) + 2)}V${n(ry(X) - 62)}h14`;
  o.push(
    `<path fill="none" stroke="${C.f800}" stroke-width="2" opacity=".7" d="${ms}"/><path fill="none" stroke="${C.f800}" stroke-width=".8" opacity=".6" d="M0 ${n(ry(0) - 58)}L${W} ${n(ry(W) - 58)}"/>`,
  );
  // train: locomotive + 4 coaches, sloped with the track
  const ang = (Math.atan(-0.04) * 180) / Math.PI;
  const tx = 250;
  let car = '',
    bands = '',
    winT = '';
  const carW = 150,
    carH = 34,
    gap = 5;
  for (let i = 0; i < 5; i++) {
    const cx = i * (carW + gap);
    if (i === 4) {
      // nose of the leading unit, facing right
      car += `M${cx} -${carH}h${carW - 40}c22 0 36 12 40 ${carH - 6}v4h-${carW}Z`;
      winT += `M${cx + carW - 34} -${carH - 6}c10 1 18 6 22 14h-22Z`;
    } else car += `M${cx} -${carH}h${carW}v${carH - 2}h-${carW}Z`;
    bands += `M${cx} -9h${i === 4 ? carW - 2 : carW}v3h-${i === 4 ? carW - 2 : carW}Z`;
    for (let k = 0; k < (i === 4 ? 4 : 6); k++) winT += `M${cx + 10 + k * 22} -${carH - 9}h15v10h-15Z`;
  }
  o.push(
    `<g transform="translate(${tx} ${n(ry(tx) + 2)}) rotate(${n(ang)})"><path fill="url(#tr)" d="${car}"/><path fill="${C.b500}" d="${bands}"/><path fill="${C.f800}" d="${winT}"/><path fill="none" stroke="${C.f900}" stroke-width=".8" opacity=".5" d="${car}"/></g>`,
  );

  // near hills with homes and big trees
  o.push(
    `<path fill="url(#h4)" d="${ridge(
      [
        [0, 660],
        [220, 628],
        [460, 650],
        [700, 618],
        [960, 640],
        [1200, 620],
      ],
      800,
    )}"/>`,
  );
  const nh = [];
  const nw = [];
  for (const [hx, hs, k] of [
    [70, 0.95, 'flat'],
    [250, 0.85, 'pitched'],
    [820, 1.0, 'flat'],
    [1000, 0.9, 'pitched'],
  ]) {
    const v = villa(hx, 690, hs, k, r);
    nh.push(v.body);
    nw.push(...v.wins);
  }
  o.push(`<path fill="${C.i50}" d="${nh.join('')}"/><path fill="${C.f800}" d="${rectsPath(nw)}"/>`);
  o.push(`<path fill="${C.f800}" d="M0 688h${W}v112H0Z"/><path stroke="${C.b400}" stroke-width="1" opacity=".6" d="M0 688.5h${W}"/>`);
  let bt = '';
  for (const [X, h] of [
    [20, 150],
    [190, 100],
    [560, 90],
    [720, 120],
    [960, 110],
    [1150, 160],
  ])
    bt += roundTree(X, 700, h, C.f900, r);
  bt += columnTree(380, 700, 100, C.f900) + columnTree(1080, 700, 110, C.f900);
  o.push(merge([bt], C.f900));
  o.push(palm(470, 700, 170, 10, C.f900, rng(4), false));
  o.push('</svg>');
  return o.join('');
}
