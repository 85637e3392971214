// The insights module's server entry: what other modules and routes may call of it on the server.
import 'server-only';

export { shortDay } from './charts.server';
export { Conversion } from './components/Conversion';
export { Dashboard } from './components/Dashboard';
export { SpeedToLead } from './components/SpeedToLead';
export { conversionFigures } from './conversion.server';
export { dashboardFigures, teamWorkload } from './dashboard.repository.server';
export { dashboardHandler, exportConversionHandler, exportLeadsHandler } from './handlers.server';
