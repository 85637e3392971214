// The system module's client-safe entry: what other modules, routes and browser code may use of it.
export { AlertsSection, BackupStatus, DatabaseSection, MessagesSection, Section, StatusSummary } from './SystemSections';
