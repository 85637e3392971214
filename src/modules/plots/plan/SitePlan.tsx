import { PLOTS_COPY } from '@/content/plots';
import { formatNaira, type PublicPlot, type PublicPlotStatus } from '../plot-status';
import { drawPlan } from './layout';

const copy = PLOTS_COPY.page;

/**
 * How each status is drawn: a fill AND a pattern or mark, never colour alone (WCAG 1.4.1). Available plots are light
 * and plain; held ones brass with diagonal hatching and "H"; reserved ones pale green with dots and "R"; sold ones dark
 * and solid with "S". The same styles make the key.
 */
export const STATUS_STYLE: Record<PublicPlotStatus, { fill: string; text: string; stroke: string }> = {
  available: { fill: '#fbf9f4', text: '#12302a', stroke: '#225446' },
  held: { fill: 'url(#plot-held)', text: '#0b211a', stroke: '#7c5f2f' },
  reserved: { fill: 'url(#plot-reserved)', text: '#0b211a', stroke: '#225446' },
  sold: { fill: '#12302a', text: '#fbf9f4', stroke: '#0b211a' },
};

/** The patterns the plan and its key share (one copy per page: ids are the page's). */
export function PlanPatterns() {
  return (
    <defs>
      <pattern id="plot-held" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill="#dcc393" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#7c5f2f" strokeWidth="3" />
      </pattern>
      <pattern id="plot-reserved" width="7" height="7" patternUnits="userSpaceOnUse">
        <rect width="7" height="7" fill="#dfe9e3" />
        <circle cx="3.5" cy="3.5" r="1.6" fill="#225446" />
      </pattern>
    </defs>
  );
}

/** A plot's name for a screen reader and a tooltip: "Plot A12, block A, 450 m², ₦15,000,000, available". */
export const plotSummary = (plot: PublicPlot) =>
  [
    copy.view(plot.label),
    copy.block(plot.block),
    copy.sizeSqm(plot.sizeSqm),
    formatNaira(plot.priceKobo),
    plot.corner ? copy.corner : undefined,
    PLOTS_COPY.statuses[plot.status],
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The site plan, drawn on the server as SVG (no scripts): each plot a link to its own page, named by its number, block,
 * size, price and status; the plan itself titled and described for a screen reader, which may prefer the list beside it.
 */
export function SitePlan({
  plots,
  districtName,
  hrefOf,
  available,
}: {
  plots: PublicPlot[];
  districtName: string;
  hrefOf: (plot: PublicPlot) => string;
  available: number;
}) {
  const plan = drawPlan(plots);
  return (
    <svg
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      className="h-auto w-full select-none"
      aria-labelledby="site-plan-title site-plan-desc"
      role="group"
    >
      <title id="site-plan-title">{copy.planTitle(districtName)}</title>
      <desc id="site-plan-desc">{copy.planDesc(available, plots.length)}</desc>
      <PlanPatterns />
      <rect width={plan.width} height={plan.height} fill="#f5f0e6" rx="14" />
      {plan.blocks.map((b) => (
        <text key={b.block} x={b.x} y={b.y} fontSize="13" fontWeight="600" letterSpacing="2" fill="#7c5f2f" aria-hidden="true">
          {copy.block(b.block).toUpperCase()}
        </text>
      ))}
      {plan.plots.map(({ plot, points, cx, cy, w, h }) => {
        const style = STATUS_STYLE[plot.status];
        const size = Math.max(7, Math.min(13, w / Math.max(3, plot.label.length) / 0.62, h / 3));
        const mark = PLOTS_COPY.statusMarks[plot.status];
        return (
          <a key={plot.id} href={hrefOf(plot)} className="group outline-none" aria-label={plotSummary(plot)}>
            <title>{plotSummary(plot)}</title>
            <polygon
              points={points}
              fill={style.fill}
              stroke={style.stroke}
              strokeWidth="1.2"
              className="transition-[stroke-width] group-hover:stroke-[3] group-focus-visible:stroke-[4]"
            />
            <text
              x={cx}
              y={mark ? cy - size * 0.15 : cy + size * 0.35}
              fontSize={size}
              textAnchor="middle"
              fill={style.text}
              fontWeight="600"
            >
              {plot.label}
            </text>
            {mark ? (
              <text x={cx} y={cy + size * 1.05} fontSize={size * 0.95} textAnchor="middle" fill={style.text} fontWeight="700">
                {mark}
              </text>
            ) : null}
          </a>
        );
      })}
    </svg>
  );
}

/** The key: each status's swatch (the plan's own fill and pattern), its mark and its name, with how many plots have it. */
export function PlanKey({ counts }: { counts: Record<PublicPlotStatus, number> }) {
  const statuses: PublicPlotStatus[] = ['available', 'held', 'reserved', 'sold'];
  return (
    <ul aria-label={copy.legendHeading} className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft">
      {statuses.map((status) => (
        <li key={status} className="inline-flex items-center gap-2">
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <PlanSwatch status={status} />
          </svg>
          <span>
            <span className="font-medium text-forest-900">{PLOTS_COPY.statuses[status]}</span> ({counts[status]})
          </span>
        </li>
      ))}
    </ul>
  );
}

function PlanSwatch({ status }: { status: PublicPlotStatus }) {
  const style = STATUS_STYLE[status];
  const mark = PLOTS_COPY.statusMarks[status];
  return (
    <>
      <rect x="1" y="1" width="20" height="20" rx="4" fill={style.fill} stroke={style.stroke} strokeWidth="1.5" />
      {mark ? (
        <text x="11" y="15.5" fontSize="11" textAnchor="middle" fontWeight="700" fill={style.text}>
          {mark}
        </text>
      ) : null}
    </>
  );
}
