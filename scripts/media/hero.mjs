// Hero skyline (1600x900): dusk over a planned residential district with granite hills.
// Group ids (#sky, #clouds, #lamps-glow, #win-lit, #aircraft) are used by render-video.mjs to animate layers.
import { C, rng, n, smooth, ridge, palm, roundTree, columnTree, villa, rectsPath, lamp, svgOpen, merge } from './lib.mjs';

export function hero() {
  const r = rng(7);
  const W = 1600,
    H = 900;
  const out = [];
  out.push(svgOpen(W, H, 'Dusk over a planned residential district with villas, palms, a lit avenue and granite hills'));
  out.push(`<defs>
<linearGradient id="sk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#081a15"/><stop offset=".42" stop-color="#12302a"/><stop offset=".6" stop-color="#24463c"/><stop offset=".72" stop-color="#4a5f4b"/><stop offset="1" stop-color="#8a8461"/></linearGradient>
<radialGradient id="gl" cx="1420" cy="590" r="820" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${C.b300}" stop-opacity=".95"/><stop offset=".22" stop-color="${C.b400}" stop-opacity=".6"/><stop offset=".55" stop-color="${C.b500}" stop-opacity=".16"/><stop offset="1" stop-color="${C.b500}" stop-opacity="0"/></radialGradient>
<radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fbf3df"/><stop offset=".55" stop-color="${C.b300}"/><stop offset="1" stop-color="${C.b300}" stop-opacity="0"/></radialGradient>
<linearGradient id="rk" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2b4039"/><stop offset=".6" stop-color="#46564b"/><stop offset="1" stop-color="#6f6f58"/></linearGradient>
<linearGradient id="h2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#234a3f"/><stop offset="1" stop-color="#1a4036"/></linearGradient>
<linearGradient id="rd" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0a1c16"/><stop offset=".6" stop-color="#112a23"/><stop offset="1" stop-color="#1c3a31"/></linearGradient>
<radialGradient id="lg" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffe9bf" stop-opacity=".9"/><stop offset=".25" stop-color="${C.b300}" stop-opacity=".45"/><stop offset="1" stop-color="${C.b400}" stop-opacity="0"/></radialGradient>
<radialGradient id="pool" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${C.b300}" stop-opacity=".32"/><stop offset="1" stop-color="${C.b300}" stop-opacity="0"/></radialGradient>
<linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d241d"/><stop offset="1" stop-color="#07160f"/></linearGradient>
<linearGradient id="vig" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#06140f" stop-opacity=".55"/><stop offset=".45" stop-color="#06140f" stop-opacity=".12"/><stop offset=".7" stop-color="#06140f" stop-opacity="0"/></linearGradient>
</defs>`);

  // Sky
  out.push(`<g id="sky"><rect width="${W}" height="${H}" fill="url(#sk)"/><rect width="${W}" height="${H}" fill="url(#gl)"/>`);
  // stars (upper left/centre only, very faint)
  let stars = '';
  for (let i = 0; i < 46; i++) {
    const x = r.range(20, 1100),
      y = r.range(20, 300);
    const s = r.range(0.6, 1.4);
    stars += `M${n(x)} ${n(y)}h${n(s)}v${n(s)}h${n(-s)}Z`;
  }
  out.push(`<path id="stars" fill="${C.i100}" opacity=".45" d="${stars}"/>`);
  // thin crescent moon high on the left-centre
  out.push(`<path fill="${C.i100}" opacity=".8" d="M905 150a26 26 0 1 0 22 40a21 21 0 1 1-22-40Z"/>`);
  // sun low behind the hills
  out.push(`<circle cx="1440" cy="548" r="120" fill="url(#sun)" opacity=".9"/><circle cx="1440" cy="548" r="40" fill="#fbf0d6"/>`);
  out.push('</g>');

  // Clouds: long thin strata, lit from below on the right
  out.push('<g id="clouds">');
  const clouds = [
    [180, 250, 360, 0.1],
    [640, 200, 300, 0.08],
    [980, 330, 420, 0.22],
    [1320, 270, 260, 0.2],
    [1100, 420, 380, 0.26],
    [420, 380, 240, 0.08],
  ];
  for (const [x, y, w, o] of clouds) {
    const h = w * 0.045;
    const d = smooth(
      [
        [x, y],
        [x + w * 0.2, y - h * 1.2],
        [x + w * 0.45, y - h * 0.6],
        [x + w * 0.7, y - h * 1.5],
        [x + w, y - h * 0.2],
        [x + w * 0.98, y + h * 0.4],
        [x + w * 0.05, y + h * 0.4],
      ],
      true,
      0.45,
    );
    out.push(`<path class="cloud" fill="${x > 900 ? C.b300 : C.f100}" opacity="${o}" d="${d}"/>`);
  }
  out.push('</g>');

  // Aircraft light (tiny, far right) — a point + faint trail
  out.push(
    `<g id="aircraft" opacity=".7"><path stroke="${C.i100}" stroke-width="1" stroke-linecap="round" opacity=".35" d="M1350 168L1470 150"/><circle cx="1350" cy="168" r="2" fill="${C.i50}"/></g>`,
  );

  // Far ridge (hazy)
  out.push(
    `<path fill="#4d6554" opacity=".85" d="${ridge(
      [
        [0, 575],
        [160, 548],
        [340, 560],
        [520, 530],
        [700, 552],
        [880, 520],
        [1040, 540],
        [1200, 515],
        [1420, 535],
        [1600, 520],
      ],
      700,
    )}"/>`,
  );
  // Granite monolith (Aso-rock-like): broad massif, steep faces, lumpy domed crown, fine exfoliation lines
  const rockPts = [
    [900, 600],
    [930, 540],
    [958, 470],
    [985, 420],
    [1020, 392],
    [1050, 368],
    [1080, 356],
    [1110, 340],
    [1150, 330],
    [1190, 334],
    [1220, 326],
    [1255, 338],
    [1285, 362],
    [1305, 400],
    [1318, 450],
    [1335, 510],
    [1360, 570],
    [1380, 600],
  ];
  const rock = smooth(rockPts, false, 0.5);
  out.push(`<path fill="url(#rk)" d="${rock}Z"/>`);
  out.push(
    `<path fill="none" stroke="${C.b300}" stroke-width="2" stroke-linecap="round" opacity=".75" d="${smooth(rockPts.slice(10, 16), false, 0.5)}"/>`,
  );
  let lines = '';
  // vertical weathering streaks
  for (const [sx, sy, len] of [
    [1060, 372, 120],
    [1120, 348, 170],
    [1180, 338, 140],
    [1232, 334, 190],
    [1275, 360, 150],
    [1010, 400, 110],
  ])
    lines += `M${sx} ${sy}q-6 ${n(len / 2)} 4 ${len}`;
  out.push(`<path fill="none" stroke="${C.f100}" stroke-width="1" opacity=".1" d="${lines}"/>`);
  // smaller granite domes
  out.push(
    `<path fill="#30524a" d="${ridge(
      [
        [1340, 600],
        [1400, 575],
        [1470, 566],
        [1540, 580],
        [1600, 572],
      ],
      620,
    )}"/>`,
  );
  out.push(
    `<path fill="#284a40" d="${ridge(
      [
        [0, 600],
        [90, 520],
        [190, 492],
        [280, 510],
        [360, 560],
        [470, 585],
      ],
      640,
    )}"/>`,
  );

  // Mid hill band (trees line)
  out.push(
    `<path fill="url(#h2)" d="${ridge(
      [
        [0, 612],
        [200, 596],
        [420, 606],
        [640, 590],
        [860, 600],
        [1080, 588],
        [1300, 598],
        [1600, 584],
      ],
      720,
    )}"/>`,
  );

  // Back row of houses (smaller, hazier)
  const back = [];
  const backWins = [];
  let x = -20;
  while (x < W) {
    const kind = r.pick(['flat', 'pitched', 'terrace', 'flat', 'block']);
    const s = r.range(0.48, 0.6);
    const v = villa(x, 636, s, kind, r);
    back.push(v.body);
    backWins.push(...v.wins);
    x += v.width + r.range(14, 40);
  }
  out.push(`<path fill="#1f453a" d="${back.join('')}"/>`);
  // trees between back and front rows
  let trees = '';
  for (let i = 0; i < 30; i++) {
    const tx = r.range(0, W),
      th = r.range(34, 60);
    trees += r() < 0.5 ? roundTree(tx, 650, th, '#183c32', r) : columnTree(tx, 650, th * 1.1, '#183c32');
  }
  out.push(merge([trees], '#183c32'));

  // Front row of villas
  const front = [];
  const frontWins = [];
  x = -30;
  while (x < W) {
    const kind = r.pick(['flat', 'pitched', 'flat', 'terrace']);
    const s = r.range(1.05, 1.3);
    const v = villa(x, 704, s, kind, r);
    front.push(v.body);
    frontWins.push(...v.wins);
    x += v.width + r.range(40, 80);
  }
  // boundary walls
  out.push(`<path fill="#143329" d="${front.join('')}M0 684h${W}v16h-${W}Z"/>`);
  // fine brass line on the wall top (architectural detail)
  out.push(`<path stroke="${C.b500}" stroke-width="1" opacity=".35" d="M0 684.5h${W}"/>`);

  // Windows: split lit / unlit. Lit ratio rises to the right (the calm dark left keeps contrast for text).
  const litB = [],
    unlitB = [],
    litF = [],
    unlitF = [];
  for (const w of backWins) (r() < 0.22 + 0.4 * (w[0] / W) ? litB : unlitB).push(w);
  for (const w of frontWins) (r() < 0.25 + 0.45 * (w[0] / W) ? litF : unlitF).push(w);
  out.push(`<path fill="#2a5447" d="${rectsPath(unlitB)}"/><path fill="#21483c" d="${rectsPath(unlitF)}"/>`);
  out.push('<g id="win-lit">');
  // a subset of lit windows can twinkle in the video: split into 4 groups
  const groups = [[], [], [], []];
  [...litB.map((w) => ['b', w]), ...litF.map((w) => ['f', w])].forEach(([k, w], i) => groups[i % 4].push([k, w]));
  groups.forEach((g, i) => {
    const b = g.filter(([k]) => k === 'b').map(([, w]) => w);
    const f = g.filter(([k]) => k === 'f').map(([, w]) => w);
    out.push(
      `<g class="wg" data-i="${i}"><path fill="${C.b400}" opacity=".75" d="${rectsPath(b)}"/><path fill="${C.b300}" d="${rectsPath(f)}"/></g>`,
    );
  });
  out.push('</g>');

  // Sidewalk + avenue
  out.push(`<path fill="#0f2a22" d="M0 700h${W}v14H0Z"/>`);
  out.push(`<path fill="url(#rd)" d="M0 714h${W}v104H0Z"/>`);
  out.push(`<path stroke="${C.b300}" stroke-width="2" stroke-dasharray="38 34" opacity=".45" d="M0 766h${W}"/>`);
  out.push(`<path stroke="${C.f100}" stroke-width="1" opacity=".16" d="M0 714.5h${W}M0 817.5h${W}"/>`);

  // Street lamps along the back sidewalk with glow + pools of light on the road
  let lampD = '';
  let glows = '';
  let pools = '';
  for (let lx = 60; lx < W; lx += 170) {
    const L = lamp(lx, 708, 92, 1, '#0a1d17');
    lampD += L.d;
    const [hx, hy] = L.head;
    glows += `<circle cx="${n(hx)}" cy="${n(hy)}" r="26" fill="url(#lg)"/><circle cx="${n(hx)}" cy="${n(hy - 0.5)}" r="2.6" fill="#fff4d8"/>`;
    pools += `<ellipse cx="${n(hx + 4)}" cy="745" rx="70" ry="16" fill="url(#pool)"/>`;
  }
  out.push(`<g id="pools">${pools}</g>`);
  out.push(`<path fill="#0a1d17" d="${lampD}"/>`);
  out.push(`<g id="lamps-glow">${glows}</g>`);

  // Median / foreground verge
  out.push(`<path fill="url(#fg)" d="M0 818h${W}v82H0Z"/>`);
  out.push(`<path stroke="${C.b500}" stroke-width="1" opacity=".3" d="M0 818.5h${W}"/>`);
  // hedge line in foreground
  let hedge = '';
  for (let hx = 0; hx < W + 40; hx += 28) hedge += `M${hx} 840a16 12 0 0 1 30 0Z`;
  out.push(`<path fill="#0c231c" d="M0 838h${W}v62H0Z${hedge}"/>`);

  // Palms: a row behind the wall (mid) and large foreground palms right + left edge
  // (palms are drawn once as <symbol> and reused to keep the file small)
  out.push(
    `<defs><symbol id="pm" overflow="visible">${palm(0, 0, 140, 6, '#0f2a22', rng(21))}</symbol><symbol id="pb" overflow="visible">${palm(0, 0, 460, 30, '#061510', rng(5))}</symbol></defs>`,
  );
  const pr = rng(23);
  for (const px of [240, 520, 780, 1010, 1200, 1460]) {
    const sc = pr.range(0.85, 1.08),
      flip = pr() < 0.5 ? -1 : 1;
    out.push(`<use href="#pm" transform="translate(${px} 700) scale(${n(sc * flip)} ${n(sc)})"/>`);
  }
  out.push('<use href="#pb" transform="translate(1300 900)"/>');
  out.push('<use href="#pb" transform="translate(1570 900) scale(-.85 .85)"/>');
  out.push('<use href="#pb" transform="translate(-10 900) scale(.82)"/>');
  // Left vignette so ivory text reads well
  out.push(`<rect width="${W}" height="${H}" fill="url(#vig)"/>`);
  out.push('</svg>');
  return out.join('');
}
