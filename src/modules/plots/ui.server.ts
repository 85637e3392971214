// The plots module's server pieces of pages: server components (Next.js's runtime).
import 'server-only';

export { HeldPage } from './buyer/HeldPage';
export { PlotPage } from './buyer/PlotPage';
export { PlotsPage } from './buyer/PlotsPage';
