// The leads module's client-safe entry: what other code may use of it anywhere (no React components).
export { INSPECTION_PATHS, bookPathOf, slugOfDistrict, type DistrictSlug } from './booking-paths';
export { isCalendarDay } from './cursor';
export {
  INTEREST_VISIBLE_FIELDS,
  LEAD_FIELDS,
  TITLES,
  leadFieldValues,
  type DistrictChoice,
  type InterestFields,
  type LeadFieldName,
  type Title,
} from './form/fields';
export { POPUP_MEMORY_SCRIPT } from './form/popup-memory';
export { type InterestInput } from './form/schema';
export {
  alertWebhookPayload,
  floodAlertEmail,
  ownerAlertEmail,
  slotNetworksAlertEmail,
  smsPausedAlertEmail,
  type AlertKind,
} from './notifications/messages';
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
