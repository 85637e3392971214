// The buyers module's server pieces of pages: server components and the page guard (Next.js's runtime).
import 'server-only';

export { AccountScreen, LinkScreen, requireBuyer } from './pages/screens.server';
