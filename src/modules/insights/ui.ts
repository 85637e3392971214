// The insights module's React components that render anywhere (client components and shared pieces).
export { AssignmentPanel } from './components/AssignmentPanel';
export { DashboardFiltersForm } from './components/DashboardFiltersForm';
export { InspectionFunnel } from './components/InspectionFunnel';
export { MoneyPanel } from './components/MoneyPanel';
