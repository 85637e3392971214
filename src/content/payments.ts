/**
 * The payments' facts and words (docs/decisions/0414-the-money-core.md): the instalment plans a buyer may choose, and
 * what the checkout, the callback page, the receipt and its message say. Amounts are kobo; the district's price and
 * deposit come from its `offer` in ./districts.ts.
 */

/** The balance after the deposit is paid in this many equal monthly instalments; the buyer chooses one. */
export const PAYMENT_PLAN_MONTHS = [3, 6, 12, 18] as const;
export type PaymentPlanMonths = (typeof PAYMENT_PLAN_MONTHS)[number];
export const DEFAULT_PLAN_MONTHS: PaymentPlanMonths = 12;

/** The buyer's payment page, reached from a hold's own page with the hold's link (`?t=`): the plots module links to it. */
export const PAY_PATH = '/payments/pay';
export const payPathOf = (holdLink: string) => `${PAY_PATH}?t=${encodeURIComponent(holdLink)}`;

export const PAYMENT_COPY = {
  pay: {
    title: 'Pay for your plot',
    eyebrow: 'Your plot',
    price: 'Price (fixed when you held it)',
    deposit: 'Deposit',
    dueNow: 'To pay now',
    paidSoFar: 'Paid so far',
    badLink: 'This payment link is not valid, or it has expired. Ask our sales team for a new one.',
    ended: 'This plot is no longer held for you, so no payment can be taken for it. Our sales team will help you choose again.',
    paidInFull: 'This plot is paid in full. Thank you.',
    continueHeading: 'Continuing to Paystack',
    continueBody: (amount: string) => `You are being taken to Paystack to pay ${amount}.`,
    continueLink: 'Continue to Paystack',
    refused:
      'Paystack could not open the payment just now. No money was taken; please try again in a few minutes, or pay by bank transfer.',
  },
  payDeposit: 'Pay the deposit',
  payNext: 'Pay the next instalment',
  planLabel: 'Pay the balance over',
  planOption: (months: number) => `${months} months`,
  payByCard: 'You pay securely on Paystack (card, bank transfer or USSD), then come back here.',
  transferHeading: 'Pay by bank transfer',
  transferInstead: (reference: string) =>
    `Transfer the amount to the company account below, quoting the reference ${reference}. We confirm it and send your receipt.`,
  dedicatedAccount: 'Your own account number for this plot: every transfer into it is credited to your plot.',
  callback: {
    title: 'Your payment',
    credited: 'Payment received',
    creditedBody: (amount: string) => `We have received ${amount}. Your receipt is on its way by e-mail.`,
    confirmed: 'Payment confirmed',
    confirmedBody: (amount: string) =>
      `Paystack has confirmed your payment of ${amount}. We are crediting it now; your receipt follows by e-mail within a minute.`,
    pending: 'Payment not confirmed yet',
    pendingBody:
      'Paystack has not confirmed this payment to us yet. If money left your account, it will be credited within minutes and your receipt sent; you need not pay again.',
    notPaid: 'Payment not completed',
    notPaidBody: 'Paystack tells us this payment was not completed. No money was taken for it; you may try again.',
    unknown: 'We cannot find this payment',
    unknownBody: 'The link may be incomplete. If you paid, your receipt will reach you by e-mail.',
    receiptLink: 'See the receipt',
  },
  receipt: {
    title: (number: string) => `Receipt ${number}`,
    heading: 'Payment receipt',
    number: 'Receipt number',
    issued: 'Issued',
    paidBy: 'Paid by',
    plot: 'For',
    amount: 'Amount received',
    paidSoFar: 'Paid so far',
    left: 'Left to pay',
    nextDue: 'Next payment due',
    nothingDue: 'Paid in full',
    nothingMoreDue: 'Nothing more falls due',
    overdue: 'Overdue',
    overdueSince: (amount: string, day: string) => `${amount} overdue since ${day}`,
    method: 'Paid with',
    methods: { paystack: 'Paystack', transfer_approved: 'Bank transfer', staff: 'Our office' } as Record<string, string>,
    notFound: 'No receipt matches this number and check code.',
    genuine: 'This receipt is genuine: it is kept in our records under this number.',
  },
  receiptMessage: {
    subject: (brand: string, number: string) => `${brand}: your receipt ${number}`,
    greeting: (name: string) => `Dear ${name},`,
    body: (amount: string, plot: string) => `We have received your payment of ${amount} for ${plot}. Thank you.`,
    left: (amount: string) => `Left to pay: ${amount}.`,
    nextDue: (amount: string, day: string) => `Next payment: ${amount}, due ${day}.`,
    overdue: (amount: string, day: string) => `${amount} is overdue since ${day}: please pay it as soon as you can.`,
    paidInFull: 'Your plot is now paid in full.',
    check: (url: string) => `Your receipt, which anyone you show it to can check: ${url}`,
    signOff: (brand: string) => `${brand} sales team`,
  },
  scheduleItem: {
    deposit: 'Deposit',
    instalment: (n: number, of: number) => `Instalment ${n} of ${of}`,
  },
} as const;

/** What the Paystack webhook answers when it refuses an event. */
export const PAYMENT_WEBHOOK_ERRORS = {
  off: 'Paystack is not set up on this site.',
  signature: 'The signature does not match.',
  notAnEvent: 'The body is not a Paystack event.',
} as const;

/** The staff Payments page and its forms (src/app/admin/payments). */
export const PAYMENT_STAFF_COPY = {
  title: 'Payments',
  intro: 'Money credited today, bank transfers for an owner to approve, and who has a payment due or late.',
  ownersOnly: 'Payments are shown to owners: ask one to record or approve a bank transfer.',
  todayIn: 'Money in today',
  todayNone: 'Nothing credited today yet.',
  pending: 'Bank transfers waiting for an owner',
  pendingNone: 'No transfer waits for approval.',
  dueThisWeek: 'Due this week',
  dueNone: 'Nothing falls due this week.',
  late: 'Late',
  lateNone: 'Nobody is late.',
  flagged: 'Paid other than asked',
  flaggedHeading: 'Paid other than asked (60 days)',
  flaggedIntro: 'Credited as paid. Refund the difference, or ask the buyer for the rest.',
  recordHeading: 'Record a bank transfer',
  fields: {
    claimId: 'Claim',
    amount: 'Amount (₦)',
    paidOn: 'Date it arrived',
    bankReference: 'Bank reference',
    proofNote: 'Proof seen (optional)',
    reason: 'Why it is rejected',
  },
  record: 'Record the transfer',
  approve: 'Approve and credit',
  reject: 'Reject',
  recordedBy: (name: string) => `Recorded by ${name}`,
  recorded: 'Recorded: an owner (someone other than you) approves it before it is credited.',
  approved: (receipt: string) => `Approved and credited: receipt ${receipt}.`,
  rejected: 'Rejected, with the reason kept.',
  errors: {
    claim: 'Choose the plot claim the transfer pays for.',
    amount: 'Type the amount in naira, such as 3,000,000.',
    paidOn: 'Give the date the money arrived.',
    bankReference: 'Give the bank’s reference of the transfer (3 to 80 characters).',
    proofNote: 'Keep the note of the proof under 500 characters.',
    reason: 'Say why the transfer is rejected (3 to 500 characters).',
    noPlan: 'That claim has no payment plan.',
    sameReference: 'A transfer with this bank reference is recorded already.',
    notFound: 'No such transfer.',
    decided: 'This transfer was approved or rejected already.',
    samePerson: 'Another owner must approve or reject a transfer you recorded.',
    notFoundId: 'Not a transfer.',
  },
} as const;
