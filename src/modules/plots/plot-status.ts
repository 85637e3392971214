import type { PlotPoint } from '@/lib/db/schema';

/**
 * What the public may know of a plot (docs/decisions/0412-plots-never-sold-twice.md): its number, block, size, price
 * and status, never who holds or bought it. A sold and an allocated plot both show as sold; a withdrawn one not at all;
 * a hold past its time is free again even before the lapse job ends it.
 */
export const PUBLIC_PLOT_STATUSES = ['available', 'held', 'reserved', 'sold'] as const;
export type PublicPlotStatus = (typeof PUBLIC_PLOT_STATUSES)[number];

export interface PublicPlot {
  id: string;
  block: string;
  label: string;
  sizeSqm: number;
  /** Integer kobo. */
  priceKobo: number;
  corner: boolean;
  outline: PlotPoint[] | null;
  status: PublicPlotStatus;
}

/** "37 of 120 plots available". */
export interface PlotCounts {
  total: number;
  available: number;
}

/** Plot numbers in the order a surveyor writes them: "2" before "10", "A2" before "A10". */
export const comparePlotLabels = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** Whole naira of an integer kobo amount, as Nigerians write it: ₦12,500,000. */
export function formatNaira(kobo: number): string {
  const naira = Math.round(kobo / 100);
  return `₦${naira.toLocaleString('en-NG')}`;
}

/** Naira typed in a filter (commas, a ₦ sign, "12.5m" for millions) as kobo; undefined when it is not a number. */
export function nairaToKobo(input: string | undefined): number | undefined {
  if (!input) return undefined;
  const text = input
    .trim()
    .toLowerCase()
    .replace(/[₦,\s]/g, '')
    .replace(/^ngn/, '');
  const m = /^(\d+(?:\.\d+)?)(k|m)?$/.exec(text);
  if (!m) return undefined;
  const factor = m[2] === 'm' ? 1_000_000 : m[2] === 'k' ? 1_000 : 1;
  return Math.round(Number(m[1]) * factor * 100);
}

/** "Tuesday 1 December, 3:30 pm": a time in Lagos, as the buyer's page and messages say it. */
export const lagosTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(at);
