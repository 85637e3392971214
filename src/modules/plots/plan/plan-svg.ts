import { PLOTS_COPY } from '@/content/plots';
import { PUBLIC_PLOT_STATUSES, type PublicPlot } from '../plot-status';
import { drawPlan } from './layout';
import { PLAN_GROUND, PLAN_PATTERNS, plotText, STATUS_STYLE } from './plan-style';

/**
 * The live site plan as a standalone SVG image (docs/decisions/0412), for the prerendered district page's <img>: the
 * same geometry (drawPlan) and status styles (plan-style.ts) as the plan page, but no links, no scripts, no styles
 * (an image's own CSP may forbid a <style>; presentation attributes need none) and nothing personal. Always the same
 * frame, so the page can reserve its box at build time whatever the layout; the plan is fitted inside it.
 * Plots are grouped by status so each group carries its look once: a 500-plot plan stays small.
 */
export const PLAN_IMAGE = { width: 1000, height: 800 } as const;

const FONT = 'ui-sans-serif,system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const copy = PLOTS_COPY.planImage;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function patterns() {
  const { held, reserved } = PLAN_PATTERNS;
  return (
    `<defs><pattern id="${held.id}" width="${held.size}" height="${held.size}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="${held.size}" height="${held.size}" fill="${held.ground}"/>` +
    `<line x1="0" y1="0" x2="0" y2="${held.size}" stroke="${held.hatch.colour}" stroke-width="${held.hatch.width}"/></pattern>` +
    `<pattern id="${reserved.id}" width="${reserved.size}" height="${reserved.size}" patternUnits="userSpaceOnUse">` +
    `<rect width="${reserved.size}" height="${reserved.size}" fill="${reserved.ground}"/>` +
    `<circle cx="${reserved.size / 2}" cy="${reserved.size / 2}" r="${reserved.dot.r}" fill="${reserved.dot.colour}"/></pattern></defs>`
  );
}

const open = (title: string, desc: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN_IMAGE.width}" height="${PLAN_IMAGE.height}" viewBox="0 0 ${PLAN_IMAGE.width} ${PLAN_IMAGE.height}" role="img" aria-labelledby="t d" font-family="${FONT}">` +
  `<title id="t">${escapeXml(title)}</title><desc id="d">${escapeXml(desc)}</desc>` +
  `<rect width="${PLAN_IMAGE.width}" height="${PLAN_IMAGE.height}" fill="${PLAN_GROUND.fill}"/>`;

/** The district's live plan: each plot's outline filled by status, its number and status letter (H, R, S). */
export function planSvg(plots: PublicPlot[], districtName: string): string {
  if (plots.length === 0) return openingSoonSvg(districtName);
  const plan = drawPlan(plots);
  const available = plots.filter((plot) => plot.status === 'available').length;
  const parts = [open(copy.title(districtName), copy.desc(available, plots.length)), patterns()];
  // The plan fitted into the frame, centred, with a margin.
  const m = 24;
  parts.push(
    `<svg x="${m}" y="${m}" width="${PLAN_IMAGE.width - 2 * m}" height="${PLAN_IMAGE.height - 2 * m}" viewBox="0 0 ${plan.width} ${plan.height}" preserveAspectRatio="xMidYMid meet">`,
    `<g font-size="13" font-weight="600" letter-spacing="2" fill="${PLAN_GROUND.blockText}">`,
    ...plan.blocks.map((b) => `<text x="${b.x}" y="${b.y}">${escapeXml(PLOTS_COPY.page.block(b.block).toUpperCase())}</text>`),
    '</g>',
  );
  for (const status of PUBLIC_PLOT_STATUSES) {
    const mine = plan.plots.filter((drawn) => drawn.plot.status === status);
    if (mine.length === 0) continue;
    const style = STATUS_STYLE[status];
    parts.push(`<g fill="${style.fill}" stroke="${style.stroke}" stroke-width="1.2">`);
    for (const drawn of mine) parts.push(`<polygon points="${drawn.points}"/>`);
    parts.push(`</g><g fill="${style.text}" font-weight="600" text-anchor="middle">`);
    for (const drawn of mine) {
      const { size, mark, labelY, markY } = plotText(drawn);
      parts.push(`<text x="${drawn.cx}" y="${labelY}" font-size="${size}">${escapeXml(drawn.plot.label)}</text>`);
      if (mark) parts.push(`<text x="${drawn.cx}" y="${markY}" font-size="${size}">${mark}</text>`);
    }
    parts.push('</g>');
  }
  parts.push('</svg></svg>');
  return parts.join('');
}

/** No plots on sale yet: a quiet drawing of empty plots and the plain sentence, never an empty or invented plan. */
function openingSoonSvg(districtName: string): string {
  const { width, height } = PLAN_IMAGE;
  const plots: string[] = [];
  for (let row = 0; row < 4; row++)
    for (let i = 0; i < 10; i++) plots.push(`<rect x="${60 + i * 88}" y="${90 + row * 170}" width="78" height="130" rx="4"/>`);
  const cardW = 860;
  const cardH = 260;
  const x = (width - cardW) / 2;
  const y = (height - cardH) / 2;
  return (
    open(copy.title(districtName), copy.openingSoonTitle) +
    `<g fill="none" stroke="#b08d57" stroke-opacity=".45" stroke-width="2" stroke-dasharray="6 6">${plots.join('')}</g>` +
    `<rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="20" fill="#fbf9f4" stroke="#12302a" stroke-opacity=".12"/>` +
    `<g text-anchor="middle" fill="#12302a">` +
    `<text x="${width / 2}" y="${y + 112}" font-family="Georgia,'Times New Roman',serif" font-size="54">${escapeXml(copy.openingSoonTitle)}</text>` +
    `<text x="${width / 2}" y="${y + 180}" font-size="28" fill="#4a5a54">${escapeXml(copy.openingSoonLine)}</text></g></svg>`
  );
}
