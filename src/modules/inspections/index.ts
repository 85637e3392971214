// The inspections module's client-safe entry: what other code may use of it anywhere (no React components).
export { lagosWhen } from './buyer/when';
export { describeInspectionAction } from './staff/history';
export { slotDay, slotTime } from './staff/format';
