// The system module's React components that render anywhere (client components and shared pieces).
export { AlertsSection, BackupStatus, DatabaseSection, MessagesSection, Section, StatusSummary } from './SystemSections';
