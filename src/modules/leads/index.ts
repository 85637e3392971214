// The leads module's client-safe entry: what other modules, routes and browser code may use of it.
export { DISTRICT_SLUGS, INSPECTION_PATHS, bookPathOf, type DistrictSlug } from './booking-paths';
export { isCalendarDay } from './cursor';
export { type NextSteps } from './form/ConfirmationPanel';
export {
  DISTRICT_CHOICES,
  INTEREST_DEFAULTS,
  INTEREST_VISIBLE_FIELDS,
  TITLES,
  type DistrictChoice,
  type InterestFields,
  type Title,
} from './form/fields';
export { InterestForm } from './form/InterestForm';
export { InterestProvider } from './form/InterestProvider';
export { POPUP_MEMORY_SCRIPT } from './form/popup-memory';
export { type InterestInput } from './form/schema';
export { SubmitInterestButton } from './form/SubmitInterestButton';
export { alertWebhookPayload, floodAlertEmail, ownerAlertEmail, smsPausedAlertEmail, type AlertKind } from './notifications/messages';
export { AssigneeForm, AssignmentSwitch, LeadAccessSwitch, TakesNewLeadsButton } from './staff/components/AssignmentControls';
export { Counters } from './staff/components/Counters';
export { HeldLeads } from './staff/components/HeldLeads';
export { LeadDistrictForm, LeadNoteForm, LeadStatusForm, MarkContactedButton } from './staff/components/LeadActions';
export { InboxSearch, LeadFiltersForm, QuickFilters } from './staff/components/LeadFiltersForm';
export { OverdueBadge, StatusBadge } from './staff/components/StatusBadge';
export { formatMinutes, formatSeconds, leadContactLinks, timeAgo } from './staff/format';
export {
  CONVERSION_VIEWS,
  DEFAULT_CONVERSION_ORDER,
  dashboardQuery,
  defaultDashboardFilters,
  filtersToQuery,
  firstDirection,
  monthOf,
  parseConversionOrder,
  parseDashboardFilters,
  parseLeadFilters,
  type ConversionOrder,
  type ConversionSort,
  type ConversionView,
  type DashboardFilters,
  type SortDirection,
} from './staff/schema';
