// The payments module's client-safe entry: what other code may use of it anywhere (no React components).
export { formatKobo, koboOfNaira, nairaWithKobo, parseNairaToKobo } from './money';
export { addMonths, offerInKobo, scheduleOf, standingOf, type PlanTerms, type ScheduleItem, type Standing } from './plans';
export { LEDGER_REFUSALS, balanceOf, refusalOf, type LedgerRefusal } from './ledger/rules';
export { PaystackError } from './paystack/errors';
