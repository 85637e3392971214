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
  /** The buyer's own account number (Paystack's dedicated virtual account; docs/decisions/0417). */
  ownAccount: {
    heading: 'Pay by bank transfer to your own account number',
    offer:
      'Get an account number that is yours alone for this plot. Transfer the deposit and every later instalment to it from any Nigerian bank, in as many transfers as your bank’s daily limit needs: each one is credited to your plot and receipted within a minute.',
    button: 'Get my account number',
    notOffered: 'Account numbers are not offered.',
    bank: 'Bank',
    number: 'Account number',
    name: 'Account name',
    howTo:
      'Send the amount due from your bank app or branch. It takes the deposit and every later instalment, in as many transfers as you need; you do not need to quote a reference. Each transfer is credited to your plot and receipted by e-mail within a minute.',
    failed: {
      unavailable:
        'Paystack did not open your account number just now. No money was taken. Please try again in a minute: however often you try, you get one account number.',
      no_email: 'We need your e-mail address to open an account number. Please ask our sales team to add it.',
      other_claim:
        'Your account number is already linked to your other plot. Pay this one by card, or by transfer to the company account quoting the reference below.',
    } as Record<string, string>,
  },
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
    /** For the buyer: every payment, receipt and what is left, on their own page (src/content/buyers.ts). */
    yourPage: 'Your plot, every payment and receipt, and what is left to pay: sign in to your page',
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
  recheckHeading: 'Found by the nightly check (30 days)',
  recheckIntro: 'Each night every payment still pending is asked of Paystack again; these need a person.',
  recheckFound: (day: string) => `found ${day}`,
  recheckKinds: {
    amount_differs: 'Paid other than asked',
    now_failed: 'Paystack now says failed or reversed',
    long_pending: 'Pending for more than a day',
    verify_disagrees: 'Paystack does not confirm the event',
  } as Record<string, string>,
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
  /** The Payments page's list of plans, each linking to its own page (docs/decisions/0416). */
  plansHeading: 'Plans',
  plansNone: 'No payment plan yet: a plan opens when a buyer pays for a held plot.',
  paidOfPrice: (paid: string, price: string) => `${paid} of ${price}`,
  planEnded: 'claim ended',
  export: {
    heading: 'Ledger for the accountant',
    intro: 'Every entry with its receipt, buyer, plot, who recorded and approved it, why, and the running balance (CSV).',
    district: 'District',
    allDistricts: 'All districts',
    from: 'From (money moved)',
    to: 'To',
    download: 'Download the CSV',
  },
  /** A plan's own page: /admin/payments/<claim> (docs/decisions/0416). */
  plan: {
    back: 'All payments',
    title: (buyer: string) => `${buyer}: payment plan`,
    buyer: 'Buyer',
    openLead: 'Open the lead',
    erased: (on: string) => `Erased on ${on}; kept for the money records.`,
    plot: 'Plot',
    claimEnded: (why: string) => `The claim ended (${why}).`,
    stage: { held: 'Held', reserved: 'Reserved', sold: 'Sold', allocated: 'Allocated' } as Record<string, string>,
    figures: 'Money',
    price: 'Price',
    left: 'Left to pay',
    overpaid: 'Paid beyond the price',
    balance: 'Balance (sum of the ledger)',
    terms: (months: number) => `Deposit, then ${months} monthly instalments`,
    schedule: 'Schedule',
    scheduleItemState: { paid: 'Paid', part_paid: 'Part paid', due: 'Due', late: 'Late' } as Record<string, string>,
    ledger: 'Ledger',
    ledgerNone: 'Nothing paid yet.',
    entryNumber: (id: number) => `Entry ${id}`,
    kinds: { payment: 'Payment', refund: 'Refund', reversal: 'Reversal', correction: 'Correction' } as Record<string, string>,
    sources: { paystack: 'Paystack', transfer_approved: 'Bank transfer', staff: 'By an owner' } as Record<string, string>,
    corrects: (id: number) => `puts right entry ${id}`,
    recordedBy: (name: string) => `recorded by ${name}`,
    approvedBy: (name: string) => `approved by ${name}`,
    receipt: 'Receipt',
    flagged: 'Paid other than asked',
    waiting: 'Waiting for another owner',
    waitingNone: 'Nothing waits for approval.',
    decided: { approved: 'Approved', rejected: 'Rejected' } as Record<string, string>,
    askedBy: (name: string, when: string) => `Asked by ${name}, ${when}`,
    decidedBy: (state: string, name: string, when: string) => `${state} by ${name}, ${when}`,
    history: 'Decided',
    actions: 'Refund, reverse or correct',
    actionsIntro:
      'Each is a new entry of the ledger with its reason; nothing already written changes. Another owner approves it before it is written.',
  },
  adjustments: {
    refundHeading: 'Refund',
    refundIntro: 'Money given back to the buyer.',
    reversalHeading: 'Reverse a payment',
    reversalIntro: 'A payment the bank or Paystack took back: the whole of it, once.',
    correctionHeading: 'Correct an entry',
    correctionIntro: 'A mistake put right by a new entry naming the one it corrects.',
    fields: {
      amount: 'Amount (₦)',
      entry: 'Entry',
      payment: 'Payment',
      direction: 'The correction',
      directionIn: 'adds money',
      directionOut: 'takes money away',
      reason: 'Reason',
      rejectReason: 'Why it is rejected',
    },
    request: { refund: 'Ask for the refund', reversal: 'Ask for the reversal', correction: 'Ask for the correction' },
    approve: 'Approve and write it',
    reject: 'Reject',
    noPayments: 'No payment to reverse.',
    nothingToRefund: 'Nothing to refund: the balance is nil.',
    requested: 'Asked: another owner approves it before it is written to the ledger.',
    approved: 'Approved and written to the ledger.',
    rejected: 'Rejected, with the reason kept.',
    errors: {
      kind: 'Choose a refund, a reversal or a correction.',
      amount: 'Type the amount in naira, such as 250,000.',
      direction: 'Say whether the correction adds money or takes it away.',
      entry: 'Choose the entry of this ledger it is about.',
      reason: 'Say why (3 to 500 characters).',
      rejectReason: 'Say why it is rejected (3 to 500 characters).',
      unreadable: 'The form could not be read. Try again.',
      noPlan: 'No such payment plan.',
      notFound: 'No such request.',
      decided: 'This was approved or rejected already.',
      samePerson: 'Another owner must approve or reject what you asked for.',
    },
  },
} as const;

/**
 * An instalment's reminders (docs/decisions/0415): three days before its day, on the day, three days after. By e-mail,
 * and on WhatsApp by the approved template WHATSAPP_INSTALMENT_TEMPLATE: `Hello {{1}}, {{2}} for {{3}} {{4}}. Left to
 * pay in all: {{5}}. Pay here: {{6}}` (the first name, the amount, the plot, when, what is left, the pay link).
 */
export const PAYMENT_REMINDER_COPY = {
  subject: {
    before: (brand: string, amount: string, day: string) => `${brand}: ${amount} due on ${day}`,
    due: (brand: string, amount: string) => `${brand}: ${amount} is due today`,
    after: (brand: string, amount: string) => `${brand}: ${amount} is now overdue`,
  },
  greeting: (name: string) => `Dear ${name},`,
  when: {
    before: (day: string) => `falls due on ${day}`,
    due: (day: string) => `is due today, ${day}`,
    after: (day: string) => `was due on ${day} and is not yet paid`,
  },
  body: (label: string, amount: string, plot: string, when: string) => `Your ${label.toLowerCase()}, ${amount} for ${plot}, ${when}.`,
  left: (amount: string) => `Left to pay in all: ${amount}.`,
  howToPay: 'How to pay:',
  payLink: (url: string) => `Pay online with Paystack (card, bank transfer or USSD): ${url}`,
  dedicated: (bank: string, number: string, name: string) =>
    `Or transfer to your own account number for this plot: ${bank}, ${number} (${name}).`,
  transfer: (account: string, reference: string) => `Or transfer to ${account}, quoting the reference ${reference}.`,
  alreadyPaid: 'If you have paid in the last day, thank you: you need do nothing, and your receipt is on its way.',
  button: 'Pay now',
  signOff: (brand: string) => `${brand} sales team`,
  /** The WhatsApp template's {{4}}, and the text of it kept in the lead's conversation. */
  whatsApp: (p: string[]) => `Hello ${p[0]}, ${p[1]} for ${p[2]} ${p[3]}. Left to pay in all: ${p[4]}. Pay here: ${p[5]}`,
} as const;

/** The WhatsApp receipt's text as the buyer reads it (WHATSAPP_RECEIPT_TEMPLATE filled in), kept in the lead's conversation. */
export const receiptWhatsAppText = (p: string[]) =>
  `Hello ${p[0]}, we have received ${p[1]} for ${p[2]}. Left to pay: ${p[3]}. Your receipt: ${p[4]}`;

/**
 * What owners are told by e-mail (docs/decisions/0415): a payment credited other than asked, once per payment; and each
 * night's re-check with Paystack, once per night with anything new to look at.
 */
export const PAYMENT_OWNER_COPY = {
  flaggedSubject: (brand: string, amount: string) => `${brand}: a payment of ${amount} was other than asked`,
  flaggedBody: (amount: string, asked: string, plot: string, reference: string) =>
    `Paystack confirmed ${amount} for ${plot} (reference ${reference}), where ${asked} was asked. It is credited as paid and flagged: refund the difference, or ask the buyer for the rest.`,
  recheckSubject: (brand: string, count: number) =>
    `${brand}: the nightly payment check found ${count} thing${count === 1 ? '' : 's'} to look at`,
  recheckIntro: 'Each night every payment still pending is asked of Paystack again. These need a person:',
  finding: {
    amount_differs: 'Paystack says paid, credited tonight, other than asked',
    now_failed: 'Credited by us, but Paystack now says failed or reversed',
    long_pending: 'Still pending at Paystack more than a day after it began',
    verify_disagrees: 'A signed Paystack event its verify still does not confirm',
  } as Record<string, string>,
  line: (what: string, reference: string, detail: string) => `${what}: ${reference} (${detail})`,
  open: 'Open the Payments page',
} as const;
