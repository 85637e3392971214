// The payments module's React components that render anywhere (plain markup: the receipt and the callback page).
export { CallbackCard } from './checkout/CallbackCard';
export { ReceiptCard, ReceiptNotFound } from './receipts/ReceiptCard';
export { ContinueToPaystack, PayPage } from './checkout/PayPage';
export { PaymentsBoard } from './staff/PaymentsBoard';
export { PlanDetail } from './staff/PlanDetail';
