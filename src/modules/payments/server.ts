// The payments module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { PAYMENT_WEBHOOK_ERRORS } from '@/content/payments';
export { buyerOfClaim, initialsOf } from './buyer.repository.server';
export { CALLBACK_PATH, startCheckout, type CheckoutStart } from './checkout/checkout.server';
export {
  appendEntry,
  balanceOfClaim,
  entriesOf,
  openPlan,
  planOf,
  type AppendResult,
  type NewEntry,
} from './ledger/ledger.repository.server';
export { parsePaystackEvent, paystackConfigured, verifyPaystackSignature } from './paystack/client.server';
export { settlePaymentEvent, verifyAndCredit } from './paystack/credit.server';
export { checkCheckout, startPaymentWorkers, takePaystackEvent } from './paystack/events.server';
export { deliverReceipt, receiptPath, receiptSenders } from './receipts/delivery.server';
export { receiptByNumber } from './receipts/receipts.repository.server';
export { creditAgain, type CreditedAgain } from './receipts/credit-again.server';
export { standingOfPlan } from './standing.server';
export { callbackViewOf, type CallbackView } from './checkout/callback.server';
export { receiptPageOf, type ReceiptPageView } from './receipts/receipt-page.server';
export { PAYMENTS_PATH, approveTransferHandler, recordTransferHandler, rejectTransferHandler } from './transfers/handlers.server';
export { approveTransfer, pendingTransfers, recordTransfer, rejectTransfer } from './transfers/transfers.server';
export { dedicatedAccountOf, openDedicatedAccount } from './paystack/dedicated-account.server';
export { checkoutHandler } from './checkout/checkout-handler.server';
export { accountHandler } from './checkout/account-handler.server';
export { openCheckout } from './checkout/checkout.server';
export { claimOfPayLink, payPageOf, transferReferenceOf, type PayPageView } from './checkout/pay-page.server';
export { afterPaymentCredited, openPlanForClaim } from './plot-link.server';
export { paymentsPage, type PaymentsPage } from './staff/payments-page.server';
export {
  forgetErasedBuyersBefore,
  keepMoneyRecordsOfLeads,
  leadsWithPaymentPlans,
  moneyRecordsOf,
  type MoneyKept,
} from './privacy.repository.server';
export { paymentAlertAbout, paymentOwnerEmail, queuePaymentOwnerAlerts, type PaymentOwnerAlert } from './owner-alerts.server';
export { instalmentRemindersJob, instalmentSenders, queueDueReminders } from './reminders/reminders.server';
export { paymentRecheckJob, recheckPayments, type RecheckReport } from './paystack/recheck.server';
export { planPageOf, type PlanPage } from './staff/plan-page.server';
export { approveAdjustment, rejectAdjustment, requestAdjustment } from './adjustments/adjustments.server';
export { approveAdjustmentHandler, planPagePath, rejectAdjustmentHandler, requestAdjustmentHandler } from './adjustments/handlers.server';
export { exportLedgerHandler } from './staff/export-handler.server';
export { ledgerCsv, LEDGER_CSV_HEADER } from './staff/ledger-csv.server';
