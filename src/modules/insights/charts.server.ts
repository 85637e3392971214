import 'server-only';
import * as Plot from '@observablehq/plot';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { getEnv } from '@/lib/env.server';
import { formatMinutes } from '@/modules/leads';
import { formatConversion, rowLabel, type ConversionRow } from './conversion';
import type { ContactWeek, Funnel, SourceCount } from '@/modules/insights/dashboard.repository.server';
import type { LeadsBar } from './leads-over-time';
import { chartDocument } from './chart-dom.server';

/**
 * The dashboard's charts, drawn by Observable Plot on the server into linkedom's DOM and sent as inline SVG: the
 * browser gets no chart code at all (docs/decisions/0008-libraries-over-hand-written.md). Each chart is drawn for a
 * phone, a tablet and a desktop card, so its text stays legible at every size (the page shows one); all are hidden
 * from assistive technology, which reads the figure's summary and table instead.
 */

/** A chart across the page on desktops, or half of it. */
export type ChartLayout = 'full' | 'half';
/** One drawing per screen class: phones (below 640 px), tablets (below 1024 px), desktops. */
export const CHART_SCREENS = ['phone', 'tablet', 'desktop'] as const;
export type ChartSvgs = Record<(typeof CHART_SCREENS)[number], string>;

/** The brand's palette (src/app/globals.css) as Plot needs it: literal colours. */
export const CHART_COLOURS = {
  // The two districts, then chats' leads that have not said theirs (docs/decisions/0399).
  districts: ['#225446', '#b08d57', '#7d8a83'],
  bar: '#2d6a58',
  muted: '#ebe3d3',
  lost: '#a8482f',
  median: '#12302a',
  p90: '#b08d57',
  target: '#4a524e',
  grid: '#dcd3c1',
};

/** Drawing widths close to the card each is shown in, so the text (12 px on phones, 13 px on larger screens) keeps its size on screen. */
const WIDTHS: Record<ChartLayout, Record<keyof ChartSvgs, number>> = {
  full: { phone: 340, tablet: 660, desktop: 1000 },
  half: { phone: 340, tablet: 660, desktop: 500 },
};

type Size = { width: number; phone: boolean };

function draw(options: Plot.PlotOptions, phone: boolean): string {
  const svg = Plot.plot({
    ...options,
    document: chartDocument(getEnv().CHARTS_FAST_PATH),
    style: { fontFamily: 'inherit', fontSize: phone ? '12px' : '13px', background: 'transparent', overflow: 'visible' },
  }) as unknown as Element;
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  // Plot labels its marks for screen readers; the whole chart is hidden from them, so the labels are noise.
  for (const labelled of svg.querySelectorAll('[aria-label]')) labelled.removeAttribute('aria-label');
  return withShortNumbers(svg.outerHTML);
}

/**
 * Plot writes positions as the arithmetic left them (195.00000000000003); a tenth of a pixel is finer than any screen
 * shows, and a year's chart of days is a third smaller for it (docs/benchmarks/0434). Attributes only: a label's text
 * (a UTM source a visitor typed) stays as it is.
 */
const withShortNumbers = (svg: string) =>
  svg.replace(/="[^"]*"/g, (attribute) => attribute.replace(/\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10)));

const drawn = (layout: ChartLayout, chart: (size: Size) => Plot.PlotOptions): ChartSvgs => ({
  phone: draw(chart({ width: WIDTHS[layout].phone, phone: true }), true),
  tablet: draw(chart({ width: WIDTHS[layout].tablet, phone: false }), false),
  desktop: draw(chart({ width: WIDTHS[layout].desktop, phone: false }), false),
});

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "3 Mar" for a YYYY-MM-DD. */
export const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T12:00:00Z`));

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** At most `most` evenly spaced labels along a band of `values`, always including the last. */
function spacedTicks<T>(values: T[], most: number): T[] {
  const step = Math.max(1, Math.ceil(values.length / most));
  return values.filter((_, i) => (values.length - 1 - i) % step === 0);
}

/** Whole-number ticks for counts (a day with 2 leads shows 0, 1, 2, not 0, 0.5 …). */
const countAxis = (max: number) => ({
  domain: [0, Math.max(1, max)],
  ticks: Math.min(4, Math.max(1, max)),
  tickFormat: 'd',
  grid: true,
  label: null,
  nice: true,
});

/** Leads per day or per week (leadsOverTime), stacked by district. */
export function leadsOverTimeChart(bars: LeadsBar[], districts: readonly string[]): ChartSvgs {
  const starts = [...new Set(bars.map((bar) => bar.start))];
  const totals = new Map<string, number>();
  for (const bar of bars) totals.set(bar.start, (totals.get(bar.start) ?? 0) + bar.count);
  const max = Math.max(0, ...totals.values());
  return drawn('full', ({ width, phone }) => ({
    width,
    height: phone ? 200 : 260,
    marginLeft: 32,
    marginRight: 8,
    x: {
      type: 'band',
      domain: starts,
      ticks: spacedTicks(starts, phone ? 4 : 10),
      tickFormat: shortDay,
      label: null,
      padding: starts.length > 60 ? 0.1 : 0.25,
      tickSize: 0,
    },
    y: countAxis(max),
    color: { domain: [...districts], range: CHART_COLOURS.districts },
    marks: [
      Plot.barY(bars, Plot.stackY({ x: 'start', y: 'count', fill: 'district', order: districts as string[] })),
      Plot.ruleY([0], { stroke: CHART_COLOURS.target }),
    ],
  }));
}

/** What a source row is called on the chart and in its table. */
export function sourceName(source: SourceCount): string {
  if (source.kind === 'direct') return DASHBOARD_COPY.sources.direct;
  if (source.kind === 'other') return DASHBOARD_COPY.sources.other;
  return source.label ?? DASHBOARD_COPY.sources.direct;
}

/** Leads by source, largest first, counts at the ends of the bars. */
export function sourcesChart(sources: SourceCount[]): ChartSvgs {
  const rows = sources.map((s) => ({ name: sourceName(s), count: s.count, other: s.kind === 'other' }));
  return drawn('half', ({ width, phone }) => ({
    width,
    height: Math.max(1, rows.length) * (phone ? 30 : 34) + 12,
    marginLeft: phone ? 128 : 180,
    marginRight: 36,
    marginTop: 6,
    marginBottom: 6,
    x: { axis: null, domain: [0, Math.max(1, ...rows.map((r) => r.count))] },
    y: {
      domain: rows.map((r) => r.name),
      tickFormat: (name: string) => clip(name, phone ? 18 : 26),
      tickSize: 0,
      label: null,
      padding: 0.3,
    },
    marks: [
      Plot.barX(rows, { y: 'name', x: 'count', fill: (r: (typeof rows)[number]) => (r.other ? CHART_COLOURS.muted : CHART_COLOURS.bar) }),
      Plot.text(rows, {
        y: 'name',
        x: 'count',
        text: (r: (typeof rows)[number]) => String(r.count),
        dx: 6,
        textAnchor: 'start',
        fill: 'currentColor',
        fontWeight: 600,
      }),
    ],
  }));
}

/** The stages of the funnel in order, with the figure of each. */
export function funnelStages(funnel: Funnel) {
  const copy = DASHBOARD_COPY.funnel.stages;
  return [
    { stage: copy.received, count: funnel.received, lost: false },
    { stage: copy.contacted, count: funnel.contacted, lost: false },
    { stage: copy.qualified, count: funnel.qualified, lost: false },
    { stage: copy.won, count: funnel.won, lost: false },
    { stage: copy.lost, count: funnel.lost, lost: true },
  ];
}

/** Share of received leads, e.g. "40%" (— when nothing was received). */
export const shareOf = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '—');

/** New → contacted → qualified → won as bars shrinking from the leads received, with lost apart in its own colour. */
export function funnelChart(funnel: Funnel): ChartSvgs {
  const stages = funnelStages(funnel);
  const shades = ['#12302a', '#1a4036', '#225446', '#2d6a58'];
  return drawn('half', ({ width, phone }) => ({
    width,
    height: stages.length * (phone ? 34 : 38) + 12,
    marginLeft: phone ? 84 : 96,
    marginRight: phone ? 72 : 84,
    marginTop: 6,
    marginBottom: 6,
    x: { axis: null, domain: [0, Math.max(1, funnel.received)] },
    y: { domain: stages.map((s) => s.stage), tickSize: 0, label: null, padding: 0.28 },
    marks: [
      Plot.barX(stages, {
        y: 'stage',
        x: 'count',
        fill: (s: (typeof stages)[number], i: number) => (s.lost ? CHART_COLOURS.lost : shades[i]),
      }),
      Plot.text(stages, {
        y: 'stage',
        x: 'count',
        text: (s: (typeof stages)[number]) => `${s.count} · ${shareOf(s.count, funnel.received)}`,
        dx: 6,
        textAnchor: 'start',
        fill: 'currentColor',
        fontWeight: 600,
      }),
    ],
  }));
}

/** Steps a minute axis may use: whole minutes, then quarter and half hours, then hours. */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440];

/** At most five whole-minute ticks from 0 past `max` (a 2-minute axis never reads "1 min" twice). */
function minuteTicks(max: number): number[] {
  const step = MINUTE_STEPS.find((s) => max / s <= 4) ?? Math.ceil(max / 4 / 1440) * 1440;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

/** Median and 90th percentile of working minutes to first contact per week, against the target (a dashed line). */
export function firstContactChart(weeks: ContactWeek[], targetMinutes: number): ChartSvgs {
  const points = weeks.map((w) => ({ week: w.week, median: w.medianMinutes, p90: w.p90Minutes }));
  const ticks = minuteTicks(Math.max(targetMinutes * 1.5, ...points.flatMap((p) => [p.median ?? 0, p.p90 ?? 0])));
  const max = ticks[ticks.length - 1];
  const copy = DASHBOARD_COPY.firstContact;
  return drawn('full', ({ width, phone }) => ({
    width,
    height: phone ? 210 : 260,
    marginLeft: phone ? 52 : 60,
    marginRight: phone ? 12 : 24,
    marginTop: 16,
    x: {
      type: 'point',
      domain: points.map((p) => p.week),
      ticks: spacedTicks(
        points.map((p) => p.week),
        phone ? 4 : 12,
      ),
      tickFormat: shortDay,
      label: null,
      inset: 16,
    },
    y: { domain: [0, max], grid: true, ticks, tickFormat: formatMinutes, label: null },
    marks: [
      Plot.ruleY([targetMinutes], { stroke: CHART_COLOURS.target, strokeDasharray: '5 4', strokeWidth: 1.5 }),
      Plot.text([targetMinutes], {
        y: (m: number) => m,
        frameAnchor: 'right',
        text: () => copy.targetLine(formatMinutes(targetMinutes)),
        dy: -8,
        fill: CHART_COLOURS.target,
      }),
      Plot.lineY(points, { x: 'week', y: 'p90', stroke: CHART_COLOURS.p90, strokeWidth: 2 }),
      Plot.dot(points, { x: 'week', y: 'p90', fill: CHART_COLOURS.p90, r: 3.5 }),
      Plot.lineY(points, { x: 'week', y: 'median', stroke: CHART_COLOURS.median, strokeWidth: 2.5 }),
      Plot.dot(points, { x: 'week', y: 'median', fill: CHART_COLOURS.median, r: 4 }),
    ],
  }));
}

/** Rows the conversion chart shows: the most visitors first; the table has the rest. */
export const CONVERSION_CHART_ROWS = 8;

/**
 * Conversion (leads ÷ visitors) per source or landing page as bars, its figures at the bar's end: the rate, the leads
 * and the visitors behind it (a rate from a handful of visitors reads as such). On a phone each row is named above its
 * bar, so names get the whole width; on larger screens they stand to the left, as in the sources chart.
 */
export function conversionChart(rows: ConversionRow[]): ChartSvgs {
  const copy = DASHBOARD_COPY.conversion;
  const bars = rows.map((row, i) => ({ ...row, i: String(i), name: rowLabel(row.group) }));
  type Bar = (typeof bars)[number];
  const highest = Math.max(0, ...bars.map((bar) => bar.conversion ?? 0));
  const x = (b: Bar) => b.conversion ?? 0;
  const figures = (phone: boolean) => (b: Bar) =>
    b.conversion === null
      ? copy.noVisits(b.leads)
      : (phone ? copy.chartLabel : copy.chartLabelWide)(formatConversion(b.conversion), b.leads, b.visitors);
  return drawn('full', ({ width, phone }) => {
    if (!phone) {
      const wide = width > 800;
      return {
        width,
        height: Math.max(1, bars.length) * 36 + 12,
        marginLeft: wide ? 300 : 220,
        marginRight: 8,
        marginTop: 6,
        marginBottom: 6,
        // The widest bar takes about half the plot, leaving room for its figures.
        x: { axis: null, domain: [0, highest > 0 ? highest / 0.55 : 1] },
        y: {
          domain: bars.map((b) => b.i),
          tickFormat: (i: string) => clip(bars[Number(i)].name, wide ? 42 : 30),
          tickSize: 0,
          label: null,
          padding: 0.3,
        },
        marks: [
          Plot.ruleX([0], { stroke: CHART_COLOURS.grid }),
          Plot.barX(bars, { y: 'i', x, fill: CHART_COLOURS.bar, rx: 2 }),
          Plot.text(bars, { y: 'i', x, text: figures(false), textAnchor: 'start', dx: 6, fill: 'currentColor' }),
        ],
      };
    }
    const rowHeight = 50;
    const bar = 16;
    const gap = 8;
    // The name's baseline near the band's top; the bar fills the rest of the band, less a gap below.
    const insetTop = rowHeight - bar - gap;
    const barMiddle = (insetTop + rowHeight - gap) / 2 - rowHeight / 2;
    return {
      width,
      height: Math.max(1, bars.length) * rowHeight + 4,
      marginLeft: 2,
      marginRight: 2,
      marginTop: 2,
      marginBottom: 2,
      x: { axis: null, domain: [0, highest > 0 ? highest / 0.42 : 1] },
      y: { axis: null, domain: bars.map((b) => b.i), padding: 0 },
      marks: [
        Plot.ruleX([0], { stroke: CHART_COLOURS.grid }),
        Plot.barX(bars, { y: 'i', x, fill: CHART_COLOURS.bar, insetTop, insetBottom: gap, rx: 2 }),
        Plot.text(bars, {
          y: 'i',
          x: 0,
          text: (b: Bar) => clip(b.name, 46),
          textAnchor: 'start',
          dy: -rowHeight / 2 + 11,
          fill: CHART_COLOURS.median,
          fontWeight: 600,
        }),
        Plot.text(bars, { y: 'i', x, text: figures(true), textAnchor: 'start', dx: 6, dy: barMiddle, fill: 'currentColor' }),
      ],
    };
  });
}
