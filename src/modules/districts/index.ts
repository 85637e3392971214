// The districts module's client-safe entry: what other code may use of it anywhere (no React components).
export { formatIndicative, formatRateDay, indicativeFigures, type FxRates, type IndicativeFigure } from './indicative-prices';
