/**
 * The closed sets of values stored in text columns, defined once: the database schema types its columns and
 * checks with them, the Zod schemas validate with them, and the staff screens list them. Import-safe in browsers.
 */

/**
 * Pipeline states a lead moves through in the staff area. `spam` is for leads staff mark by hand. A booked site
 * inspection moves a contacted lead to `inspection_booked`, and the buyer's coming to it to `inspected`
 * (docs/decisions/0391-site-inspections-booked-online.md); holding a plot to `plot_held`, and its reservation (a
 * deposit) to `reserved` (docs/decisions/0412-plots-never-sold-twice.md).
 */
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'inspection_booked',
  'inspected',
  'plot_held',
  'reserved',
  'won',
  'lost',
  'spam',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STAFF_ROLES = ['owner', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a password link by e-mail is for: `reset`, a forgotten password (docs/decisions/0324-password-reset.md);
 * `welcome`, a new account's invitation to choose its first password (0347-invitations-not-initial-passwords.md).
 */
export const STAFF_LINK_KINDS = ['reset', 'welcome'] as const;
export type StaffLinkKind = (typeof STAFF_LINK_KINDS)[number];

/** Titles exactly as the specification lists them; the first is the form default. */
export const TITLES = ['Mr', 'Mrs', 'Miss'] as const;
export type Title = (typeof TITLES)[number];

/** A district's slug (stored) and choice (shown): ./districts.ts, from the one list in src/content/districts.ts. */
export type { DistrictChoice, DistrictSlug } from './districts';

/**
 * Where a lead began: the Submit Interest form, or a chat a buyer started on WhatsApp (issue 46, item 4), which gives
 * a name and a number but no title or e-mail, and a district only when the link it came from named one
 * (docs/decisions/0399-chats-that-start-on-whatsapp-become-leads.md).
 */
export const LEAD_ORIGINS = ['form', 'whatsapp'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

/**
 * What lead_activity records. `assigned`: the lead's agent changed; `overdue_reminder`: its one reminder was sent;
 * `claimed`: "I'm on it"; `handed_over`: nobody claimed it in time, so it moved on (docs/decisions/0365).
 */
export const LEAD_ACTIONS = [
  'status_changed',
  'note_added',
  'assigned',
  'overdue_reminder',
  'claimed',
  'handed_over',
  'inspection_booked',
  'inspection_moved',
  'inspection_cancelled',
  'inspection_attended',
  // An agent's WhatsApp or SMS message to the buyer (docs/decisions/0394): contact, like a call logged.
  'message_sent',
  // Staff set or changed the lead's district (a chat's lead says it on the call: docs/decisions/0399).
  'district_changed',
  // A plot claimed for the lead, and each change to that claim (docs/decisions/0412): the plot's own history is
  // plot_events; these lines put it on the lead's page.
  'plot_held',
  'plot_hold_extended',
  'plot_released',
  'plot_lapsed',
  'plot_reserved',
  'plot_sold',
  'plot_allocated',
] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

/**
 * Why the server set a lead aside (spam = true). `flood`: a lead held in a flood (docs/decisions/0343): maybe a real
 * buyer's, so an owner releases (notified as if it had just arrived) or discards the held leads.
 */
export const SPAM_REASONS = ['honeypot', 'too_fast', 'flood'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/**
 * What each lead sets off (docs/decisions/0010-notifications-on-pg-boss.md): an e-mail to sales, a receipt to the
 * visitor, a signed webhook, a push alert to the phones of the staff who take it (docs/decisions/0364), and the
 * buyer's first reply by WhatsApp or SMS when either is set up (docs/decisions/0394).
 */
export const NOTIFICATION_CHANNELS = ['sales_email', 'receipt', 'webhook', 'push', 'first_reply'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * queued: waiting for (another) attempt; sent; failed: gave up after 24 h; not_configured: nowhere to send it
 * (no mail server: the message is kept as an .eml file; no webhook URL); skipped: not sent on purpose (the
 * receipt limit per address and day).
 */
export const NOTIFICATION_STATES = ['queued', 'sent', 'failed', 'not_configured', 'skipped'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * The one outbox (docs/decisions/0410-one-outbox.md). What a message is about: a lead (the messages it sets off on
 * arrival), a site-inspection booking (its buyer's news and reminders, its agent's alert), a slot (its owners' alert), a
 * plot claim (a hold's news and its reminder before it lapses, to the buyer and the agent: 0412) or a payment's receipt
 * (its e-mail and WhatsApp message to the buyer); and whom the staff's and the job-only messages are for: `owner` (an
 * owner's alert: a channel failing or back, a flood, SMS paused, a slot from few networks; the system module's), `agent`
 * (a lead's hand-over or overdue reminder to whoever has it), `subscriber` (a newsletter confirmation) and
 * `erased_lead` (the CRM's `lead.erased`); `instalment`: a payment plan's reminders of an instalment (about the plan's claim;
 * docs/decisions/0415); `buyer_sign_in`: a buyer's sign-in link or code (about its request; docs/decisions/0425); `buyer_passkey`: the notice
 * that a passkey was added to a buyer's page (about the passkey; docs/decisions/0423).
 */
export const OUTBOX_SUBJECTS = [
  'lead',
  'booking',
  'slot',
  'plot_claim',
  'receipt',
  'owner',
  'agent',
  'subscriber',
  'erased_lead',
  'instalment',
  'buyer_sign_in',
  'buyer_passkey',
] as const;
export type OutboxSubject = (typeof OUTBOX_SUBJECTS)[number];

/**
 * How an outbox message goes: one of the five channels (src/modules/messaging/channels), or `phone`: to a buyer's
 * phone by WhatsApp, or by SMS where WhatsApp cannot reach it.
 */
export const OUTBOX_CHANNELS = ['email', 'whatsapp', 'sms', 'push', 'webhook', 'phone'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * queued: waiting for its time or a retry; sending: claimed by a sender; sent; failed: given up (the one give-up
 * policy); not_configured: nowhere to send it; skipped: not sent on purpose (a limit, STOP, no address); withdrawn: no
 * longer true before it went.
 */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'not_configured', 'skipped', 'withdrawn'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Why a send failed, in the terms the sender acts on (src/modules/messaging/channels/channel-error.ts). */
export const CHANNEL_ERROR_KINDS = ['retry', 'unreachable', 'window_closed', 'config'] as const;
export type ChannelErrorKind = (typeof CHANNEL_ERROR_KINDS)[number];

/** The newsletter's sign-up forms: the footer of every page, and /newsletter (where a refused form comes back). */
export const NEWSLETTER_FORMS = ['footer', 'newsletter_page'] as const;
export type NewsletterForm = (typeof NEWSLETTER_FORMS)[number];

/**
 * Site inspections (docs/decisions/0391-site-inspections-booked-online.md). `on_site`: a trip to the estate from a
 * pickup point in the city; `video`: a live video tour, for buyers abroad.
 */
export const INSPECTION_KINDS = ['on_site', 'video'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** A booking holds its seats while `confirmed`; `waiting` is the slot's waiting list (first come, first promoted). */
export const BOOKING_STATES = ['confirmed', 'waiting', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Marked by staff on the day. */
export const ATTENDANCE = ['came', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE)[number];

/**
 * What a booking's messages are (docs/decisions/0391): to the buyer, one per change (`booked` … `called_off`) and the
 * two reminders; to staff, `agent_alert` (a new booking, to its lead's agent) and `slot_filling` (owners: a slot is
 * nearly full, once per slot).
 */
export const INSPECTION_MESSAGE_KINDS = [
  'booked',
  'waiting',
  'promoted',
  'moved',
  'cancelled',
  'called_off',
  'reminder_24h',
  'reminder_2h',
  'agent_alert',
  'slot_filling',
] as const;
export type InspectionMessageKind = (typeof INSPECTION_MESSAGE_KINDS)[number];

/**
 * How a booking's message goes: e-mail, push alerts to staff phones, and `phone`: to the buyer's phone by WhatsApp, or
 * by SMS where WhatsApp cannot reach it (the reminders, when either channel is on: docs/decisions/0397).
 */
export const INSPECTION_MESSAGE_CHANNELS = ['email', 'push', 'phone'] as const;
export type InspectionMessageChannel = (typeof INSPECTION_MESSAGE_CHANNELS)[number];

/**
 * queued: waiting for its time or a retry; sending: taken by a sender (a crash leaves it so: a reminder found so is not
 * sent again); sent; failed: given up; not_configured: nowhere to send it (kept as an .eml file without a mail server);
 * withdrawn: no longer true (the booking was cancelled or moved before it went).
 */
export const INSPECTION_MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'not_configured', 'withdrawn'] as const;
export type InspectionMessageState = (typeof INSPECTION_MESSAGE_STATES)[number];

/**
 * A lead's conversation by WhatsApp and SMS (docs/decisions/0394-whatsapp-and-sms.md): every message either way, with
 * its delivery status as the provider reports it. `first_reply` is the template sent when the lead arrives;
 * `template` an approved template an agent sends outside WhatsApp's 24-hour window; `text` free text (an agent's,
 * inside the window, or the buyer's); `opt_out_ack` the one acknowledgement of a STOP; `reminder` a site inspection's
 * reminder (docs/decisions/0397); `payment_receipt` and `payment_reminder` a payment's receipt and an instalment's
 * reminder on WhatsApp (docs/decisions/0415).
 */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_DIRECTIONS = ['out', 'in'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];
export const MESSAGE_KINDS = ['first_reply', 'template', 'text', 'opt_out_ack', 'reminder', 'payment_receipt', 'payment_reminder'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/**
 * Outgoing: sending (asked of the provider, whose answer has not come: it may have taken it), sent (the provider took
 * it), delivered, read, failed. Incoming: received. Statuses only move forward.
 */
export const MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * A claim on a plot (docs/decisions/0412-plots-never-sold-twice.md), in order: `held` for a time (it lapses by itself),
 * `reserved` (a deposit paid: recorded by staff by hand, or by a payment), `sold`, `allocated` (the plot handed over).
 * A plot has at most one claim that has not ended, by a unique index.
 */
export const PLOT_STAGES = ['held', 'reserved', 'sold', 'allocated'] as const;
export type PlotStage = (typeof PLOT_STAGES)[number];

/** Why a claim ended: `lapsed`, a hold's time ran out; `released`, staff (or the buyer) gave it up, with a reason. */
export const PLOT_CLAIM_END_REASONS = ['lapsed', 'released'] as const;
export type PlotClaimEndReason = (typeof PLOT_CLAIM_END_REASONS)[number];

/**
 * What a plot's history (plot_events, append-only) records: the inventory's changes (`imported`, `edited`, `withdrawn`,
 * `restored`) and each change to a claim.
 */
export const PLOT_EVENT_ACTIONS = [
  'imported',
  'edited',
  'withdrawn',
  'restored',
  'held',
  'extended',
  'released',
  'lapsed',
  'reserved',
  'sold',
  'allocated',
] as const;
export type PlotEventAction = (typeof PLOT_EVENT_ACTIONS)[number];

/**
 * What a ledger entry is (docs/decisions/0414-the-money-core.md): `payment`, money in (positive); `refund`, money given
 * back (negative); `reversal`, a payment the bank or Paystack took back (negative, naming the payment); `correction`, a
 * mistake put right by a new entry (either sign, naming the entry it corrects). Entries are never changed or deleted.
 */
export const LEDGER_KINDS = ['payment', 'refund', 'reversal', 'correction'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Where a ledger entry's money came from or went: `paystack`, a card or transfer Paystack verified; `transfer_approved`,
 * a bank transfer one staff member recorded and an owner approved; `staff`, an owner's refund or correction.
 */
export const LEDGER_SOURCES = ['paystack', 'transfer_approved', 'staff'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** A ledger entry's flag for the owners: the amount paid differs from what was asked. */
export const LEDGER_FLAGS = ['amount_differs'] as const;
export type LedgerFlag = (typeof LEDGER_FLAGS)[number];

/** A checkout asked of Paystack: waiting for its money, credited, or settled without money (failed, abandoned). */
export const CHECKOUT_STATES = ['initialized', 'credited', 'not_paid'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/**
 * What became of a Paystack webhook event once verified: credited; `duplicate` (its money was credited before);
 * `verify_disagreed` (Paystack's verify did not confirm it: nothing credited); `unmatched` (no checkout or account of
 * ours); `ignored` (an event that moves no money).
 */
/**
 * What the nightly re-check found (docs/decisions/0415): `amount_differs`, Paystack says paid, credited tonight, other
 * than asked; `now_failed`, a payment we credited that Paystack's verify now calls failed or reversed; `long_pending`,
 * a checkout still pending at Paystack more than a day after it opened; `verify_disagrees`, a signed event whose
 * verify still does not confirm it.
 */
export const RECHECK_FINDINGS = ['amount_differs', 'now_failed', 'long_pending', 'verify_disagrees'] as const;
export type RecheckFinding = (typeof RECHECK_FINDINGS)[number];

export const PAYMENT_EVENT_OUTCOMES = ['credited', 'duplicate', 'verify_disagreed', 'unmatched', 'ignored'] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

/** A bank transfer staff recorded: waiting for an owner, approved (credited), or rejected with a reason. */
export const BANK_TRANSFER_STATES = ['pending', 'approved', 'rejected'] as const;
export type BankTransferState = (typeof BANK_TRANSFER_STATES)[number];

/**
 * Money an owner takes out of or puts right in a ledger by hand (docs/decisions/0416): a `refund`, a `reversal` of one
 * payment, a `correction`. Asked by one owner, written to the ledger only when another owner approves it.
 */
export const ADJUSTMENT_KINDS = ['refund', 'reversal', 'correction'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_STATES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];
/** What a change to a buyer's document stage was (document_history, src/modules/documents). */
export const DOCUMENT_ACTIONS = ['done', 'undone', 'late_reason', 'file', 'letter_issued'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
/** How a buyer signs in to their own page (docs/decisions/0418): a link by e-mail, or a code by WhatsApp or SMS. */
export const BUYER_SIGN_IN_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type BuyerSignInChannel = (typeof BUYER_SIGN_IN_CHANNELS)[number];
/** How a buyer's session signed in: one of those, or one of their passkeys (docs/decisions/0423). */
export const BUYER_SESSION_METHODS = [...BUYER_SIGN_IN_CHANNELS, 'passkey'] as const;
export type BuyerSessionMethod = (typeof BUYER_SESSION_METHODS)[number];
/** What a buyer's passkey challenge is for: adding a passkey (signed in), or signing in with one. */
export const BUYER_PASSKEY_CEREMONIES = ['register', 'sign_in'] as const;
export type BuyerPasskeyCeremony = (typeof BUYER_PASSKEY_CEREMONIES)[number];
