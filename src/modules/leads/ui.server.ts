// The leads module's server pieces of pages: server components and page guards (Next.js's runtime).
import 'server-only';

export { NotificationList } from './notifications/NotificationList';
export { LeadsTable } from './staff/components/LeadsTable';
export { MyLeads } from './staff/components/MyLeads';
