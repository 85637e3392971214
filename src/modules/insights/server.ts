// The insights module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { shortDay } from './charts.server';
export { conversionFigures, dashboardWithConversion } from './conversion.server';
export { dashboardFigures, teamWorkload } from './dashboard.repository.server';
export { dashboardHandler, exportConversionHandler, exportLeadsHandler } from './handlers.server';
export { moneyFigures, moneyOfConversionRows } from './money.server';
export { leadsByAttribution } from './summaries.server';
