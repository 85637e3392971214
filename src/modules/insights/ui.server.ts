// The insights module's server pieces of pages: server components and page guards (Next.js's runtime).
import 'server-only';

export { Conversion } from './components/Conversion';
export { Dashboard } from './components/Dashboard';
export { SpeedToLead } from './components/SpeedToLead';
