// The documents module's client-safe entry: what other code may use of it anywhere (no React components).
export { addWorkingDays, isWorkingDay } from './dates';
export { checkSchema, stageChangeSchema, uploadFieldsSchema, type StageChangeInput } from './schema';
export { paidDaysOf, promisedOn, stageViews, type PaidDays, type StageStatus, type StageView } from './stages';
export { scanTypeOf, type ScanType } from './upload';
