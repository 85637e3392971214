// The plots module's client-safe entry: what other code may use of it anywhere (no React components).
export { describePlotAction } from './history';
export { PLOT_PATHS } from './paths';
export {
  PUBLIC_PLOT_STATUSES,
  comparePlotLabels,
  formatNaira,
  lagosTime,
  nairaToKobo,
  type PlotCounts,
  type PublicPlot,
  type PublicPlotStatus,
} from './plot-status';
export { describePlan } from './import/describe-plan';
export { LAYOUT_MAX_BYTES, readLayout, readLayoutText, type LayoutPlot, type LayoutRead } from './import/parse-layout';
export { planImport, type ImportPlan, type PlotStanding } from './import/plan-import';
