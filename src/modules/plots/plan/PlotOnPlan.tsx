import { PLOTS_COPY } from '@/content/plots';
import type { PublicPlot } from '../plot-status';
import { drawPlan, type DrawnPlot } from './layout';
import { PLAN_GROUND } from './plan-style';

const copy = PLOTS_COPY.ownPlot;

/** A plan taller than this (its width 1000) is shown as a window around the plot, with the whole plan inset. */
const TALLEST_WHOLE = 1000;
const WINDOW = { width: 600, height: 450 } as const;
const INSET_HEIGHT = 260;

/** A plot's outline as path data: "M x,y L x,y … Z". */
const pathOf = ({ points }: DrawnPlot) => `M${points.replaceAll(' ', 'L')}Z`;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

function boundsOf(drawn: DrawnPlot[]) {
  const xy = drawn.flatMap((d) => d.points.split(' ').map((p) => p.split(',').map(Number)));
  const xs = xy.map(([x]) => x);
  const ys = xy.map(([, y]) => y);
  return { x: Math.min(...xs), y: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/**
 * A buyer's own plot on the district's plan, light enough for a phone (issue 60, docs/decisions/0426): every plot's
 * outline as one path (no links, numbers or statuses: a few dozen elements where the full plan has thousands to draw
 * and hydrate), the block names, the buyer's block tinted and their plot filled brass under a marker naming it. A plan
 * taller than it is wide is shown as a window around the plot, with the whole plan inset and the window marked on it.
 * Server-drawn; the full interactive plan is a link away (the caller's).
 */
export function PlotOnPlan({ plots, mine, districtName }: { plots: PublicPlot[]; mine: string; districtName: string }) {
  const plan = drawPlan(plots);
  const own = plan.plots.find((drawn) => drawn.plot.id === mine);
  if (!own) return null;
  const ids = { title: `own-plan-${mine}-t`, desc: `own-plan-${mine}-d`, plots: `own-plan-${mine}-p` };
  const ownBounds = boundsOf([own]);
  const block = boundsOf(plan.plots.filter((drawn) => drawn.plot.block === own.plot.block));

  const whole = plan.height <= TALLEST_WHOLE;
  const view = whole
    ? { x: 0, y: 0, width: plan.width, height: plan.height }
    : {
        x: clamp(own.cx - WINDOW.width / 2, 0, plan.width - WINDOW.width),
        y: clamp(own.cy - WINDOW.height / 2, 0, plan.height - WINDOW.height),
        ...WINDOW,
      };

  // Type sized to the view, so it reads the same on a phone whether the view is the whole plan or a window.
  const markerFont = Math.round(view.width * 0.045);
  const blockFont = Math.round(view.width * 0.022);

  // The marker above the plot (below it when the plot is at the top of the view), kept inside the view.
  const text = copy.marker(own.plot.label);
  const marker = { width: Math.round(text.length * markerFont * 0.56 + 28), height: markerFont + 20 };
  const above = ownBounds.y - view.y > marker.height + 22;
  const markerX = clamp(own.cx - marker.width / 2, view.x + 8, view.x + view.width - 8 - marker.width);
  const markerY = above ? ownBounds.y - 12 - marker.height : ownBounds.bottom + 12;
  const tipY = above ? ownBounds.y - 2 : ownBounds.bottom + 2;
  const baseY = above ? markerY + marker.height - 1 : markerY + 1;

  // The inset (a tall plan only), on the side away from the plot.
  const insetScale = INSET_HEIGHT / plan.height;
  const insetWidth = plan.width * insetScale;
  const insetX = own.cx - view.x > view.width / 2 ? view.x + 12 : view.x + view.width - 12 - insetWidth;
  const insetY = view.y + 12;

  return (
    <svg
      viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={`${ids.title} ${ids.desc}`}
    >
      <title id={ids.title}>{copy.title(own.plot.label, districtName)}</title>
      <desc id={ids.desc}>{copy.desc(own.plot.label, own.plot.block)}</desc>
      <defs>
        <path id={ids.plots} d={plan.plots.map(pathOf).join('')} />
      </defs>
      <rect x={view.x} y={view.y} width={view.width} height={view.height} fill={PLAN_GROUND.fill} />
      <rect
        x={block.x - 8}
        y={block.y - 8}
        width={block.right - block.x + 16}
        height={block.bottom - block.y + 16}
        rx="10"
        fill="#dcc393"
        fillOpacity="0.35"
      />
      <use href={`#${ids.plots}`} fill="#fbf9f4" stroke="#225446" strokeOpacity="0.45" strokeWidth="1.5" />
      <g fontSize={blockFont} fontWeight="600" letterSpacing="2" fill={PLAN_GROUND.blockText}>
        {plan.blocks.map((b) => (
          <text key={b.block} x={b.x} y={b.y} fontWeight={b.block === own.plot.block ? 800 : undefined}>
            {PLOTS_COPY.page.block(b.block).toUpperCase()}
          </text>
        ))}
      </g>
      <path d={pathOf(own)} fill="#b08d57" stroke="#0b211a" strokeWidth="4" strokeLinejoin="round" />
      <path d={`M${own.cx - 9},${baseY}L${own.cx},${tipY}L${own.cx + 9},${baseY}Z`} fill="#0b211a" />
      <rect x={markerX} y={markerY} width={marker.width} height={marker.height} rx={marker.height / 2} fill="#0b211a" />
      <text
        x={markerX + marker.width / 2}
        y={markerY + marker.height / 2 + markerFont * 0.36}
        fontSize={markerFont}
        fontWeight="600"
        textAnchor="middle"
        fill="#fbf9f4"
      >
        {text}
      </text>
      {whole ? null : (
        <g>
          <rect
            x={insetX - 6}
            y={insetY - 6}
            width={insetWidth + 12}
            height={INSET_HEIGHT + 12}
            rx="8"
            fill="#fbf9f4"
            stroke="#12302a"
            strokeOpacity="0.2"
          />
          <g transform={`translate(${insetX} ${insetY}) scale(${insetScale})`}>
            <use href={`#${ids.plots}`} fill="#c3d2ca" />
            <rect x={view.x} y={view.y} width={view.width} height={view.height} fill="none" stroke="#7c5f2f" strokeWidth={3 / insetScale} />
            <circle cx={own.cx} cy={own.cy} r={7 / insetScale} fill="#b08d57" stroke="#0b211a" strokeWidth={2 / insetScale} />
          </g>
        </g>
      )}
    </svg>
  );
}
