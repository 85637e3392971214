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
