// The inspections module's client-safe entry: what other modules, routes and browser code may use of it.
export { BadLink } from './buyer/pages/BadLink';
export { BookingCard } from './buyer/pages/BookingCard';
export { SlotChoices } from './buyer/pages/SlotChoices';
export { lagosWhen } from './buyer/when';
export { FormAnswer } from './staff/components/FormAnswer';
export { InspectionsBoard } from './staff/components/InspectionsBoard';
export { LeadInspections } from './staff/components/LeadInspections';
export { AddScheduleRow, CutoffForm, OneOffSlotForm, ScheduleRow } from './staff/components/ScheduleForms';
export { describeInspectionAction } from './staff/history';
