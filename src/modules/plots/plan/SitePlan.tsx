import { PLOTS_COPY } from '@/content/plots';
import { formatNaira, type PublicPlot, type PublicPlotStatus } from '../plot-status';
import { drawPlan } from './layout';
import { PLAN_GROUND, PLAN_PATTERNS, plotText, STATUS_STYLE } from './plan-style';

const copy = PLOTS_COPY.page;

/** The patterns the plan and its key share (one copy per page: ids are the page's), drawn from PLAN_PATTERNS. */
export function PlanPatterns() {
  const { held, reserved } = PLAN_PATTERNS;
  return (
    <defs>
      <pattern id={held.id} width={held.size} height={held.size} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={held.size} height={held.size} fill={held.ground} />
        <line x1="0" y1="0" x2="0" y2={held.size} stroke={held.hatch.colour} strokeWidth={held.hatch.width} />
      </pattern>
      <pattern id={reserved.id} width={reserved.size} height={reserved.size} patternUnits="userSpaceOnUse">
        <rect width={reserved.size} height={reserved.size} fill={reserved.ground} />
        <circle cx={reserved.size / 2} cy={reserved.size / 2} r={reserved.dot.r} fill={reserved.dot.colour} />
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
      className="plan h-auto w-full select-none"
      aria-labelledby="site-plan-title site-plan-desc"
      role="group"
    >
      <title id="site-plan-title">{copy.planTitle(districtName)}</title>
      <desc id="site-plan-desc">{copy.planDesc(available, plots.length)}</desc>
      <PlanPatterns />
      <rect width={plan.width} height={plan.height} fill={PLAN_GROUND.fill} rx="14" />
      {plan.blocks.map((b) => (
        <text
          key={b.block}
          x={b.x}
          y={b.y}
          fontSize="13"
          fontWeight="600"
          letterSpacing="2"
          fill={PLAN_GROUND.blockText}
          aria-hidden="true"
        >
          {copy.block(b.block).toUpperCase()}
        </text>
      ))}
      {plan.plots.map((drawn) => {
        const { plot, points, cx } = drawn;
        const { size, mark, labelY, markY } = plotText(drawn);
        // Kept to the fewest bytes a plot can take (a 500-plot plan): its look is the status's class (globals.css).
        return (
          <a key={plot.id} href={hrefOf(plot)} className={`s-${plot.status}`}>
            <title>{plotSummary(plot)}</title>
            <polygon points={points} />
            <text x={cx} y={labelY} fontSize={size}>
              {plot.label}
            </text>
            {mark ? (
              <text x={cx} y={markY} fontSize={size}>
                {mark}
              </text>
            ) : null}
          </a>
        );
      })}
    </svg>
  );
}

/**
 * The key: each status's swatch (the plan's own fill and pattern), its mark and its name, with how many plots have it
 * when the page knows (a prerendered page does not). `withPatterns` when no SitePlan on the page defines the patterns.
 */
export function PlanKey({
  counts,
  withPatterns = false,
  className = 'flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft',
}: {
  counts?: Record<PublicPlotStatus, number>;
  withPatterns?: boolean;
  className?: string;
}) {
  const statuses: PublicPlotStatus[] = ['available', 'held', 'reserved', 'sold'];
  return (
    <>
      {withPatterns ? (
        <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
          <PlanPatterns />
        </svg>
      ) : null}
      <ul aria-label={copy.legendHeading} className={className}>
        {statuses.map((status) => (
          <li key={status} className="inline-flex items-center gap-2">
            <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
              <PlanSwatch status={status} />
            </svg>
            <span>
              <span className="font-medium text-forest-900">{PLOTS_COPY.statuses[status]}</span>
              {counts ? ` (${counts[status]})` : null}
            </span>
          </li>
        ))}
      </ul>
    </>
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
