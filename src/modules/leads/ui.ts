// The leads module's React components that render anywhere (client components and shared pieces).
export { type NextSteps } from './form/ConfirmationPanel';
export { InterestForm } from './form/InterestForm';
export { InterestProvider } from './form/InterestProvider';
export { LeadFields } from './form/LeadFields';
export { SubmitInterestButton } from './form/SubmitInterestButton';
export { AssigneeForm, AssignmentSwitch, LeadAccessSwitch, TakesNewLeadsButton } from './staff/components/AssignmentControls';
export { Counters } from './staff/components/Counters';
export { HeldLeads } from './staff/components/HeldLeads';
export { LeadDistrictForm, LeadNoteForm, LeadStatusForm, MarkContactedButton } from './staff/components/LeadActions';
export { InboxSearch, LeadFiltersForm, QuickFilters } from './staff/components/LeadFiltersForm';
export { OverdueBadge, StatusBadge } from './staff/components/StatusBadge';
