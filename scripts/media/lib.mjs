// Shared drawing helpers for the illustration generator (scripts/media/build-svgs.mjs).
// Everything is deterministic (seeded RNG) so regenerating gives byte-identical SVGs.

export const C = {
  f950: '#0b211a',
  f900: '#12302a',
  f800: '#1a4036',
  f700: '#225446',
  f600: '#2d6a58',
  f100: '#dfe9e3',
  i50: '#fbf9f4',
  i100: '#f5f0e6',
  i200: '#ebe3d3',
  b300: '#dcc393',
  b400: '#c9a66b',
  b500: '#b08d57',
  b700: '#7c5f2f',
};

/** Mulberry32 seeded RNG. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

/** Round to 1 decimal and drop trailing zeros. */
export const n = (v) => nn(v);
const nn = (v) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Path from points. closed -> Z */
export function poly(pts, closed = true) {
  return 'M' + pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L') + (closed ? 'Z' : '');
}

/** Smooth closed/open path through points (Catmull-Rom -> cubic Bezier). */
export function smooth(pts, closed = false, tension = 0.5) {
  const p = pts;
  const len = p.length;
  const get = (i) => (closed ? p[(i + len) % len] : p[Math.max(0, Math.min(len - 1, i))]);
  let d = `M${n(p[0][0])} ${n(p[0][1])}`;
  const segs = closed ? len : len - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1),
      p1 = get(i),
      p2 = get(i + 1),
      p3 = get(i + 2);
    const t = tension / 3;
    const c1 = [p1[0] + (p2[0] - p0[0]) * t, p1[1] + (p2[1] - p0[1]) * t];
    const c2 = [p2[0] - (p3[0] - p1[0]) * t, p2[1] - (p3[1] - p1[1]) * t];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d + (closed ? 'Z' : '');
}

/** A ridge line: smooth path across [x0,x1] filled down to yBottom. */
export function ridge(pts, yBottom) {
  const first = pts[0],
    last = pts[pts.length - 1];
  return smooth(pts) + `L${n(last[0])} ${n(yBottom)}L${n(first[0])} ${n(yBottom)}Z`;
}

/** Palm tree silhouette. x,y = base of trunk; h = height; lean in px at top. detail = serrated leaflets. */
export function palm(x, y, h, lean, fill, r = rng(1), detail = h > 250) {
  const n = detail ? (v) => String(Math.round(v)) : nn;
  const topX = x + lean,
    topY = y - h;
  const w0 = Math.max(1.2, h * 0.022),
    w1 = Math.max(0.8, h * 0.013);
  const midX = x + lean * 0.2;
  const trunk = `M${n(x - w0)} ${n(y)}Q${n(midX - w0)} ${n(y - h * 0.55)} ${n(topX - w1)} ${n(topY)}L${n(topX + w1)} ${n(topY)}Q${n(midX + w0)} ${n(y - h * 0.55)} ${n(x + w0)} ${n(y)}Z`;
  let fronds = '';
  const L = h * 0.36;
  // [initial angle in degrees from +x (counter-clockwise), droop factor, length factor]
  const spec = [
    [8, 0.75, 1],
    [28, 0.55, 0.95],
    [52, 0.38, 0.8],
    [78, 0.22, 0.55],
    [104, 0.26, 0.6],
    [130, 0.42, 0.85],
    [154, 0.58, 0.98],
    [174, 0.78, 1],
    [-12, 0.95, 0.8],
    [192, 0.95, 0.82],
    [-30, 1.1, 0.55],
    [210, 1.1, 0.55],
  ];
  const N = 8;
  let leaflets = '';
  for (const [deg, droop, lf] of spec) {
    const a = (deg + r.range(-6, 6)) * (Math.PI / 180);
    const len = L * lf * r.range(0.9, 1.08) * (detail ? 1.15 : 1);
    const dx = Math.cos(a),
      dy = -Math.sin(a);
    const P0 = [topX, topY];
    const P1 = [topX + dx * len * 0.6, topY + dy * len * 0.6];
    const P2 = [topX + dx * len * 0.95, topY + dy * len * 0.5 + droop * len * 0.75];
    const B = (t) => [
      (1 - t) ** 2 * P0[0] + 2 * (1 - t) * t * P1[0] + t * t * P2[0],
      (1 - t) ** 2 * P0[1] + 2 * (1 - t) * t * P1[1] + t * t * P2[1],
    ];
    const tan = (t) => {
      const q = B(Math.min(1, t + 0.01)),
        o = B(Math.max(0, t - 0.01));
      const m = Math.hypot(q[0] - o[0], q[1] - o[1]) || 1;
      return [(q[0] - o[0]) / m, (q[1] - o[1]) / m];
    };
    const wMax = len * (detail ? 0.045 : 0.09);
    const up = [],
      lo = [];
    for (let i = 0; i <= N; i++) {
      const t = i / N;
      const p = B(t);
      const [tx, ty] = tan(t);
      const px = -ty,
        py = tx;
      const w = wMax * Math.pow(Math.sin(Math.PI * Math.min(0.98, t * 0.9 + 0.08)), 0.7) * (1 - t * 0.35);
      up.push([p[0] + px * w * 0.45, p[1] + py * w * 0.45]);
      lo.push([p[0] - px * w, p[1] - py * w]);
    }
    fronds += 'M' + [...up, ...lo.reverse()].map(([X, Y]) => `${n(X)} ${n(Y)}`).join('L') + 'Z';
    if (detail) {
      const M = 13;
      for (let i = 1; i <= M; i++) {
        const t = 0.12 + (0.86 * i) / M;
        const p = B(t);
        const [tx, ty] = tan(t);
        const ll = len * 0.24 * Math.sin(Math.PI * (0.15 + 0.8 * t));
        for (const side of [1, -1]) {
          // leaflet direction: forward along the rachis, rotated to the side, then pulled down by gravity
          const px = -ty * side,
            py = tx * side;
          let vx = tx * 0.5 + px * 0.7,
            vy = ty * 0.5 + py * 0.7 + 1.15;
          const m = Math.hypot(vx, vy);
          vx /= m;
          vy /= m;
          leaflets += `M${n(p[0])} ${n(p[1])}q${n(vx * ll * 0.5 + px * 2)} ${n(vy * ll * 0.3)} ${n(vx * ll)} ${n(vy * ll)}`;
        }
      }
    }
  }
  // crown knob
  const k = Math.max(1.5, h * 0.018);
  fronds += `M${n(topX - k)} ${n(topY)}a${n(k)} ${n(k)} 0 1 0 ${n(2 * k)} 0a${n(k)} ${n(k)} 0 1 0 ${n(-2 * k)} 0Z`;
  return (
    `<path fill="${fill}" d="${trunk}${fronds}"/>` +
    (leaflets
      ? `<path fill="none" stroke="${fill}" stroke-width="${n(Math.max(1.2, h * 0.005))}" stroke-linecap="round" d="${leaflets}"/>`
      : '')
  );
}

/** Round canopy tree (cluster of circles) with a short trunk. */
export function roundTree(x, y, h, fill, r = rng(2), trunkFill = fill) {
  const cr = h * 0.3;
  const cy = y - h + cr;
  let d = '';
  const blobs = [
    [0, 0, 1],
    [-0.6, 0.35, 0.72],
    [0.62, 0.3, 0.75],
    [0, 0.5, 0.8],
  ];
  for (const [dx, dy, s] of blobs) {
    const rr = cr * s * r.range(0.9, 1.1);
    const X = x + dx * cr,
      Y = cy + dy * cr;
    d += `M${n(X - rr)} ${n(Y)}a${n(rr)} ${n(rr)} 0 1 0 ${n(rr * 2)} 0a${n(rr)} ${n(rr)} 0 1 0 ${n(-rr * 2)} 0Z`;
  }
  const tw = Math.max(1, h * 0.035);
  const trunk = `M${n(x - tw)} ${n(y)}L${n(x - tw * 0.6)} ${n(cy + cr)}L${n(x + tw * 0.6)} ${n(cy + cr)}L${n(x + tw)} ${n(y)}Z`;
  return `<path fill="${trunkFill}" d="${trunk}"/><path fill="${fill}" d="${d}"/>`;
}

/** Slim cypress / column tree. */
export function columnTree(x, y, h, fill) {
  const w = h * 0.16;
  return `<path fill="${fill}" d="M${n(x)} ${n(y - h)}C${n(x + w)} ${n(y - h * 0.7)} ${n(x + w)} ${n(y - h * 0.2)} ${n(x + 1)} ${n(y)}L${n(x - 1)} ${n(y)}C${n(x - w)} ${n(y - h * 0.2)} ${n(x - w)} ${n(y - h * 0.7)} ${n(x)} ${n(y - h)}Z"/>`;
}

/**
 * Modern villa / terrace silhouette. Returns { body, windows } path data strings
 * (body in one colour, windows split into lit and unlit lists).
 * x = left, y = ground, s = scale (1 = ~ 120px wide two-storey villa)
 */
export function villa(x, y, s, kind) {
  const body = [];
  const wins = []; // [x,y,w,h]
  const R = (X, Y, W, H) => body.push(`M${n(X)} ${n(Y)}h${n(W)}v${n(H)}h${n(-W)}Z`);
  const win = (X, Y, W, H) => wins.push([X, Y, W, H]);
  let width;
  if (kind === 'flat') {
    // two-storey with cantilevered upper floor and roof slab
    const W = 110 * s,
      H1 = 34 * s,
      H2 = 30 * s;
    R(x, y - H1, W, H1);
    const ux = x + 18 * s,
      uw = W * 0.78;
    R(ux, y - H1 - H2, uw, H2);
    R(ux - 6 * s, y - H1 - H2 - 4 * s, uw + 14 * s, 4 * s); // roof slab
    R(x - 4 * s, y - H1 - 3 * s, W + 8 * s, 3 * s); // first floor slab
    // windows
    for (let i = 0; i < 3; i++) win(x + 12 * s + i * 30 * s, y - H1 + 9 * s, 18 * s, 16 * s);
    win(ux + 8 * s, y - H1 - H2 + 7 * s, uw * 0.42, 16 * s);
    win(ux + uw * 0.6, y - H1 - H2 + 7 * s, uw * 0.28, 16 * s);
    width = W;
  } else if (kind === 'pitched') {
    const W = 96 * s,
      H1 = 56 * s,
      rh = 24 * s;
    R(x, y - H1, W, H1);
    body.push(
      poly([
        [x - 6 * s, y - H1],
        [x + W / 2, y - H1 - rh],
        [x + W + 6 * s, y - H1],
      ]),
    );
    for (let i = 0; i < 2; i++) win(x + 14 * s + i * 46 * s, y - H1 + 10 * s, 22 * s, 14 * s);
    win(x + 14 * s, y - 24 * s, 22 * s, 16 * s);
    win(x + 60 * s, y - 24 * s, 22 * s, 16 * s);
    width = W;
  } else if (kind === 'terrace') {
    // row of 4 units with alternating gables
    const unit = 44 * s,
      H1 = 58 * s,
      count = 4;
    for (let i = 0; i < count; i++) {
      const ux = x + i * unit;
      R(ux, y - H1, unit - 1 * s, H1);
      body.push(
        poly([
          [ux - 2 * s, y - H1],
          [ux + unit / 2, y - H1 - 16 * s],
          [ux + unit + 1 * s, y - H1],
        ]),
      );
      win(ux + 10 * s, y - H1 + 10 * s, 10 * s, 14 * s);
      win(ux + 24 * s, y - H1 + 10 * s, 10 * s, 14 * s);
      win(ux + 10 * s, y - 26 * s, 24 * s, 14 * s);
    }
    width = unit * count;
  } else {
    // 'block': low-rise apartment block, 3 storeys
    const W = 130 * s,
      H = 90 * s;
    R(x, y - H, W, H);
    R(x - 4 * s, y - H - 4 * s, W + 8 * s, 4 * s);
    for (let f = 0; f < 3; f++) for (let i = 0; i < 5; i++) win(x + 10 * s + i * 24 * s, y - H + 10 * s + f * 27 * s, 14 * s, 15 * s);
    width = W;
  }
  return { body: body.join(''), wins, width };
}

export function rectsPath(list) {
  return list.map(([X, Y, W, H]) => `M${n(X)} ${n(Y)}h${n(W)}v${n(H)}h${n(-W)}Z`).join('');
}

/** Street lamp: post + arm + head. x = base, y = ground, h = height, dir = +1/-1 arm direction */
export function lamp(x, y, h, dir) {
  const w = Math.max(1, h * 0.018);
  const arm = h * 0.16 * dir;
  const d =
    `M${n(x - w)} ${n(y)}L${n(x - w * 0.6)} ${n(y - h)}L${n(x + w * 0.6)} ${n(y - h)}L${n(x + w)} ${n(y)}Z` +
    `M${n(x)} ${n(y - h + w)}Q${n(x + arm * 0.3)} ${n(y - h - 6)} ${n(x + arm)} ${n(y - h + 2)}` +
    `L${n(x + arm)} ${n(y - h + 2 + w * 1.4)}Q${n(x + arm * 0.3)} ${n(y - h - 6 + w * 1.6)} ${n(x)} ${n(y - h + w * 2.6)}Z` +
    `M${n(x + arm - h * 0.05)} ${n(y - h + 2)}h${n(h * 0.1)}l${n(-h * 0.02)} ${n(h * 0.03)}h${n(-h * 0.06)}Z`;
  return { d, head: [x + arm, y - h + 2 + h * 0.03] };
}

export function svgOpen(w, h, label) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">`;
}

/** Merge several single-colour <path> fragments into one path with the given fill. */
export function merge(fragments, fill, extra = '') {
  const ds = [...fragments.join('').matchAll(/ d="([^"]+)"/g)].map((m) => m[1]);
  return `<path fill="${fill}"${extra} d="${ds.join('')}"/>`;
}
