// The inspections module's React components that render anywhere (client components and shared pieces).
export { BadLink } from './buyer/pages/BadLink';
export { BookingCard } from './buyer/pages/BookingCard';
export { SlotChoices } from './buyer/pages/SlotChoices';
export { FormAnswer } from './staff/components/FormAnswer';
export { InspectionsBoard } from './staff/components/InspectionsBoard';
export { LeadInspections } from './staff/components/LeadInspections';
export { PostForm } from './staff/components/PostForm';
export { AddScheduleRow, CutoffForm, OneOffSlotForm, ScheduleRow } from './staff/components/ScheduleForms';
