// The inspections module's server pieces of pages: server components and page guards (Next.js's runtime).
import 'server-only';

export { BookingPage } from './buyer/pages/BookingPage';
