// The insights module's client-safe entry: what other modules, routes and browser code may use of it.
export { AssignmentPanel } from './components/AssignmentPanel';
export { DashboardFiltersForm } from './components/DashboardFiltersForm';
export { InspectionFunnel } from './components/InspectionFunnel';
