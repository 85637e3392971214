// The plots module's client-safe entry: what other code may use of it anywhere (no React components).
export { describePlotAction } from './history';
export {
  PUBLIC_PLOT_STATUSES,
  comparePlotLabels,
  formatNaira,
  nairaToKobo,
  type PlotCounts,
  type PublicPlot,
  type PublicPlotStatus,
} from './plot-status';
