import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_STAGE_KEYS, LETTER_KINDS, type DocumentStageKey, type LetterFacts, type LetterKind } from '../../content/documents';
import {
  DOCUMENT_ACTIONS,
  type DocumentAction,
  BUYER_PASSKEY_CEREMONIES,
  BUYER_SESSION_METHODS,
  BUYER_SIGN_IN_CHANNELS,
  type BuyerPasskeyCeremony,
  type BuyerSessionMethod,
  type BuyerSignInChannel,
  ATTENDANCE,
  BOOKING_STATES,
  MESSAGE_CHANNELS,
  MESSAGE_DIRECTIONS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessageDirection,
  type MessageKind,
  type MessageStatus,
  ADJUSTMENT_KINDS,
  ADJUSTMENT_STATES,
  BANK_TRANSFER_STATES,
  CHECKOUT_STATES,
  LEDGER_FLAGS,
  LEDGER_KINDS,
  LEDGER_SOURCES,
  PAYMENT_EVENT_OUTCOMES,
  RECHECK_FINDINGS,
  type RecheckFinding,
  type AdjustmentKind,
  type AdjustmentState,
  type BankTransferState,
  type CheckoutState,
  type LedgerFlag,
  type LedgerKind,
  type LedgerSource,
  type PaymentEventOutcome,
  INSPECTION_KINDS,
  INSPECTION_MESSAGE_CHANNELS,
  INSPECTION_MESSAGE_KINDS,
  INSPECTION_MESSAGE_STATES,
  LEAD_ORIGINS,
  LEAD_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATES,
  CHANNEL_ERROR_KINDS,
  OUTBOX_CHANNELS,
  OUTBOX_STATES,
  OUTBOX_SUBJECTS,
  type ChannelErrorKind,
  type OutboxChannel,
  type OutboxState,
  type OutboxSubject,
  PLOT_CLAIM_END_REASONS,
  PLOT_EVENT_ACTIONS,
  PLOT_STAGES,
  type PlotClaimEndReason,
  type PlotEventAction,
  type PlotStage,
  STAFF_LINK_KINDS,
  STAFF_ROLES,
  type Attendance,
  type BookingState,
  type DistrictChoice,
  type InspectionKind,
  type InspectionMessageChannel,
  type InspectionMessageKind,
  type InspectionMessageState,
  type LeadAction,
  type LeadOrigin,
  type LeadStatus,
  type NotificationChannel,
  type NotificationState,
  type SpamReason,
  type StaffLinkKind,
  type StaffRole,
  type Title,
} from './enums';
import { districtChoiceOf, districtSlugOf } from './districts';

export { LEAD_STATUSES, STAFF_ROLES, type LeadStatus, type StaffRole };

/**
 * The one database schema (PostgreSQL dialect), shared by PGlite and node-postgres.
 * After changing it run `npm run db:generate` and commit the new file under drizzle/.
 */

/**
 * A district column: stores the district's slug (`d1`), reads and writes as its choice (its name in the form), which the
 * app, staff, the CSV and the webhook use (docs/decisions/0406-districts-are-data.md). Drizzle's operators (eq, inArray,
 * insert, update) convert through it; raw SQL that compares a district must use the slug. No check constraint: a
 * district added to the content must need no migration. Anything else stored (a slug no longer listed, a name an
 * earlier release wrote) reads as itself.
 */
const districtText = customType<{ data: DistrictChoice; driverData: string }>({
  dataType: () => 'text',
  toDriver: (choice) => {
    // A prepared statement's placeholder passes a chat lead's null district through here (a Param's does not).
    if (choice === null) return choice;
    const slug = districtSlugOf(choice);
    // Inputs are validated against the same list first; this guards a programming error, not a visitor's input.
    if (!slug) throw new Error(`Not a district: ${JSON.stringify(choice)}`);
    return slug;
  },
  // A row the previous release wrote during a rolling upgrade holds the choice itself (drizzle/0025_district_slugs.sql).
  fromDriver: (stored) => districtChoiceOf(stored) ?? (stored as DistrictChoice),
});

/** `column in ('a', 'b', ...)` for a check constraint over one of the closed sets in ./enums. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/**
 * The leads: one row per filled Submit Interest form, or per chat a buyer started on WhatsApp (`origin`), which has
 * no title or e-mail and a district only when its link named one (docs/decisions/0399). The SQL table keeps its first name, interest_submissions: a
 * rename is not safe while two releases share one database (docs/decisions/0110, 0381).
 */
export const leads = pgTable(
  'interest_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for a lead whose chat began on WhatsApp (every form lead has one: a check says so). */
    title: text('title').$type<Title>(),
    fullName: text('full_name').notNull(),
    /** Trimmed and lower-cased. Null only for a lead whose chat began on WhatsApp. */
    email: text('email'),
    /** Exactly as the visitor typed it (trimmed). */
    phoneRaw: text('phone_raw').notNull(),
    /** E.164 (+234...) when the number parses as Nigerian or international, else null. */
    phoneE164: text('phone_e164'),
    /**
     * When the number was confirmed as the buyer's: they wrote to us from it (WhatsApp or SMS), or the lead began as
     * their chat. Null while nobody has: a form's number was typed by whoever filled it in (docs/decisions/0403).
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /** Null only for a lead whose chat began on WhatsApp from a page of neither district. */
    district: districtText('district'),
    origin: text('origin').$type<LeadOrigin>().notNull().default('form'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrer: text('referrer'),
    landingPath: text('landing_path'),
    /** One per filled form, sent by the browser; repeats return the first answer. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the key is tied to (docs/decisions/0404): a digest of the body, and for a form posted without scripts of the
     * client too. A repeat of the key with another binding is refused (409), never answered with this lead. Null for
     * leads stored before it: their keys replay nothing.
     */
    idempotencyBinding: text('idempotency_binding'),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    spam: boolean('spam').notNull().default(false),
    /** Why the lead was flagged (honeypot, too_fast), null when not spam. */
    spamReason: text('spam_reason').$type<SpamReason>(),
    /** Milliseconds between opening the form and submitting it, as the browser reported (may be null). */
    fillMs: integer('fill_ms'),
    /** Salted hash of the client address (see docs/decisions/0100-ip-storage.md); never the raw address. */
    clientHash: text('client_hash'),
    /**
     * Salted hash of the IPv6 /48 the client's address lies in (null for IPv4): a flood from one block is held, and
     * its first lead with it while its messages still wait (docs/decisions/0343-a-flood-is-held-not-refused.md).
     */
    networkHash: text('network_hash'),
    /** When staff first moved the lead out of `new` (staff area); null while it is new. */
    firstContactedAt: timestamp('first_contacted_at', { withTimezone: true, mode: 'date' }),
    /** The agent who owns the lead (round-robin on arrival or an owner's choice); null while nobody does. */
    assignedTo: uuid('assigned_to').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    /**
     * Since when the lead waits for its agent's claim, when the round-robin (or a hand-over) gave it to them; null
     * once claimed, given by hand, or passed to the owners. Only such a lead moves on (docs/decisions/0365).
     */
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    /** "I'm on it": who claimed the lead first, and when. */
    claimedBy: uuid('claimed_by').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** When the one reminder about a lead still new after its first working hour was queued (docs/decisions/0206-overdue-leads.md). */
    overdueRemindedAt: timestamp('overdue_reminded_at', { withTimezone: true, mode: 'date' }),
    /**
     * Ever qualified or won (now, or at some point of its history): set by the database itself, a trigger on this
     * table and one on lead_activity (docs/decisions/0421), for the dashboard's summaries. Never written by code.
     */
    everQualified: boolean('ever_qualified').notNull().default(false),
    /**
     * How far its inspections and plots went, for the conversion table and the inspection funnel's summary
     * (lead_conversion_counts, docs/decisions/0430): set by the database itself from the lead's bookings, history and
     * plot claims (triggers on those tables, drizzle/0046). Never written by code.
     */
    inspectionBooked: boolean('inspection_booked').notNull().default(false),
    inspectionAttended: boolean('inspection_attended').notNull().default(false),
    plotsHeld: boolean('plots_held').notNull().default(false),
    plotsReserved: boolean('plots_reserved').notNull().default(false),
    plotsReservedKobo: bigint('plots_reserved_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * When its first automatic message went (the first reply by WhatsApp or SMS, or the e-mail receipt, whichever was
     * sent first), for speed to lead: set by the database itself from the outbox (a trigger there, drizzle/0047), so
     * the dashboard reads no outbox. Never written by code.
     */
    firstMessageAt: timestamp('first_message_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interest_submissions_idempotency_key_uq').on(t.idempotencyKey),
    index('interest_submissions_created_at_idx').on(t.createdAt),
    index('interest_submissions_email_idx').on(t.email),
    index('interest_submissions_status_idx').on(t.status, t.createdAt),
    index('interest_submissions_assigned_idx').on(t.assignedTo, t.createdAt),
    // A buyer's WhatsApp or SMS message finds the newest lead with its number (docs/decisions/0394).
    index('interest_submissions_phone_idx').on(t.phoneE164, t.createdAt),
    index('interest_submissions_network_idx').on(t.networkHash, t.createdAt),
    index('interest_submissions_offered_idx')
      .on(t.offeredAt)
      .where(sql`offered_at is not null`),
    check('interest_submissions_status_ck', oneOf(t.status, LEAD_STATUSES)),
    check('interest_submissions_origin_ck', oneOf(t.origin, LEAD_ORIGINS)),
    check(
      'interest_submissions_form_details_ck',
      sql`${t.origin} <> 'form' or (${t.title} is not null and ${t.email} is not null and ${t.district} is not null)`,
    ),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower-cased; one row per address. */
    email: text('email').notNull(),
    /** When the address first signed up (the row was created); it is subscribed only once `confirmedAt` is set. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** Secret for the unsubscribe link (base64url, 32 random bytes). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Set when only honeypot-filled sign-ups ever came for this address. */
    spam: boolean('spam').notNull().default(false),
    /** Salted hash of the address of the pending sign-up's client; cleared on confirmation and within 24 hours. */
    clientHash: text('client_hash'),
    // ---- a pending sign-up (docs/decisions/0310-newsletter-double-opt-in.md): cleared when confirmed or expired
    /** Secret of the confirmation link (base64url, 32 random bytes). */
    confirmToken: text('confirm_token'),
    /** When the latest confirmation e-mail was asked for; the link expires a stated time after it. */
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true, mode: 'date' }),
    /** Which form on which page asked for it, e.g. `footer:/d2`. */
    requestSource: text('request_source'),
    // ---- the consent: what the person confirmed, when, under which privacy notice
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    consentNoticeVersion: text('consent_notice_version'),
    consentSource: text('consent_source'),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_uq').on(t.email),
    uniqueIndex('newsletter_subscribers_token_uq').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscribers_confirm_token_uq').on(t.confirmToken),
  ],
);

/** A newsletter row without a pending request: what confirming, unsubscribing and expiry clear. */
export const NO_PENDING_NEWSLETTER_REQUEST = {
  confirmToken: null,
  confirmRequestedAt: null,
  requestSource: null,
  clientHash: null,
} as const;

/**
 * The one outbox (docs/decisions/0410-one-outbox.md), owned by the messaging module: one row per message to a buyer or
 * a staff member, written in the transaction of what set it off together with its pg-boss job (the job carries the
 * row's id only). The row's id is the message id (a webhook's webhook-id, an e-mail's Message-ID), stable across
 * retries. What it says is rendered when it is sent, from its subject (`subject_type`, `subject_id`): no copy of a
 * buyer's details waits here, so erasing a lead erases its messages with it (`lead_id` cascades).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about: a lead (its messages on arrival), a site-inspection booking, or a slot (0410). */
    subjectType: text('subject_type').$type<OutboxSubject>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The lead it is about or addressed for, when there is one: erasing the lead deletes the message. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** What message it is, in its capability's words (a lead's: sales_email, receipt, webhook, push, first_reply). */
    kind: text('kind').notNull(),
    /** How it goes (./modules/messaging/channels): email, whatsapp, sms, push, webhook, or phone (WhatsApp, then SMS). */
    channel: text('channel').$type<OutboxChannel>().notNull(),
    /** One message per key, ever: queuing the same message twice writes nothing (a lead's: `lead:<id>:<kind>`). */
    dedupeKey: text('dedupe_key').notNull(),
    state: text('state').$type<OutboxState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may first go (at once, or after a rush); the give-up policy counts from here. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When a sender claimed it (state `sending`); a claim older than the sender's longest wait was left by a crash. */
    sendingSince: timestamp('sending_since', { withTimezone: true, mode: 'date' }),
    /** Why the last attempt failed, or why nothing was sent (not_configured, skipped), without addresses. */
    lastError: text('last_error'),
    /** The last failure's ChannelError kind (retry, unreachable, window_closed, config). */
    lastErrorKind: text('last_error_kind').$type<ChannelErrorKind>(),
    /** What a message carries that its subject cannot give when it is sent (a booking's: the slot and time it is about). */
    payload: jsonb('payload'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_uq').on(t.dedupeKey),
    index('outbox_messages_state_idx').on(t.state, t.dueAt),
    index('outbox_messages_lead_idx').on(t.leadId),
    // Per subject, kind and state, with the delivery time: the last message each kind delivered (the channel check,
    // every minute) and the counts /metrics reports, both read from the index alone (docs/decisions/0112).
    index('outbox_messages_kind_state_idx').on(t.subjectType, t.kind, t.state, t.sentAt),
    check('outbox_messages_subject_ck', oneOf(t.subjectType, OUTBOX_SUBJECTS)),
    check('outbox_messages_channel_ck', oneOf(t.channel, OUTBOX_CHANNELS)),
    check('outbox_messages_state_ck', oneOf(t.state, OUTBOX_STATES)),
    check('outbox_messages_error_kind_ck', sql`${t.lastErrorKind} is null or ${oneOf(t.lastErrorKind, CHANNEL_ERROR_KINDS)}`),
  ],
);

/**
 * The release before 0410's outbox of a lead's messages, superseded by outbox_messages: its rows were copied there by
 * the migration, and what a release before still writes to it during a rolling upgrade is copied there by a trigger.
 * Nothing reads or writes it any more; the release after drops it (docs/decisions/0410-one-outbox.md).
 */
export const leadNotifications = pgTable(
  'lead_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    state: text('state').$type<NotificationState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed, or why nothing was sent (not_configured, skipped). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_notifications_lead_channel_uq').on(t.leadId, t.channel),
    index('lead_notifications_state_idx').on(t.state),
    // Per channel and state, with the delivery time: the last message each channel delivered (the channel check, every
    // minute) and the counts /metrics reports, both read from the index alone (docs/decisions/0112).
    index('lead_notifications_channel_state_idx').on(t.channel, t.state, t.sentAt),
    check('lead_notifications_channel_ck', oneOf(t.channel, NOTIFICATION_CHANNELS)),
    check('lead_notifications_state_ck', oneOf(t.state, NOTIFICATION_STATES)),
  ],
);

/**
 * One row per episode of a notification channel failing (docs/decisions/0112-health-metrics-and-owner-alerts.md),
 * written by the channel check every minute: opened when the channel's messages stop going through, alerted once
 * after 10 minutes, resolved once when they go through again. At most one open episode per channel (the partial
 * unique index), so several instances and restarts still alert once and recover once. No personal data: the error's
 * kind has addresses removed, recipients are staff ids.
 */
export const channelAlerts = pgTable(
  'channel_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** When the first message the channel could not deliver (after its last delivered one) was due. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the owners were alerted; null while the episode is younger than the threshold (or it ended sooner). */
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
    /** What the alert said: messages waiting and the last error's kind. */
    waiting: integer('waiting').notNull().default(0),
    errorKind: text('error_kind'),
    /** Who was alerted (staff ids, and 'webhook'): the recovery goes to the same recipients. */
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('channel_alerts_open_uq')
      .on(t.channel)
      .where(sql`resolved_at is null`),
    index('channel_alerts_opened_idx').on(t.openedAt),
    check('channel_alerts_channel_ck', oneOf(t.channel, NOTIFICATION_CHANNELS)),
  ],
);

/**
 * Fixed-window rate-limit counters, shared by every server instance that uses the same database.
 * `client_hash` is a salted hash, never an address.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    clientHash: text('client_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.clientHash, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Settings owners change in the staff area (e.g. whether new leads are assigned), shared by all instances. */
export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** E-mail of the staff member who last changed it. */
  updatedBy: text('updated_by'),
});

/** Small key/value store for generated secrets (the client-hash salt), shared by all instances. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type LeadRow = typeof leads.$inferSelect;
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type ChannelAlertRow = typeof channelAlerts.$inferSelect;

// ---- staff area (docs/decisions/0200-staff-sessions.md) ------------------------------------------------------

/** Staff accounts. `email` is trimmed and lower-cased; `password_hash` is `scrypt$N$r$p$salt$hash` (base64url). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull().default('agent'),
    /**
     * scrypt (password.server.ts). Null until the person chooses a password through their invitation link
     * (docs/decisions/0347-invitations-not-initial-passwords.md): no password signs such an account in.
     */
    passwordHash: text('password_hash'),
    /** When the password last changed: a sign-in half-way through from before it goes no further (0341). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /**
     * The TOTP secret (docs/decisions/0322-second-factor.md), encrypted (JWE, A256GCM) with a key kept in app_secrets;
     * never selected for lists or exports. Set while enrolment is pending, confirmed by totp_enabled_at.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The 30-second time step of the last accepted code: a code is accepted once. */
    totpLastStep: integer('totp_last_step'),
    /**
     * Wrong second-factor codes since the last right one (docs/decisions/0341-second-factor-lock.md). Counted apart
     * from the password's failures, which a right password clears; at SECOND_FACTOR_LOCK.wrongCodes the factor locks
     * (`second_factor_locked_at`) until a right code reserved before it, or an owner, unlocks it.
     */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    secondFactorLockedAt: timestamp('second_factor_locked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The WebAuthn challenge of the passkey ceremony in progress (docs/decisions/0348-a-second-factor-for-everyone-and-
     * passkeys.md): base64url, one at a time per account, taken back by the answer that uses it (single use), and no
     * use after `passkey_challenge_expires_at`.
     */
    passkeyChallenge: text('passkey_challenge'),
    passkeyChallengeExpiresAt: timestamp('passkey_challenge_expires_at', { withTimezone: true, mode: 'date' }),
    /** An agent who takes new leads in the round-robin (docs/decisions/0205-lead-assignment.md); opted out by default. */
    takesNewLeads: boolean('takes_new_leads').notNull().default(false),
    /** When the round-robin last gave this agent a lead: the agent who waited longest is next. */
    lastLeadAssignedAt: timestamp('last_lead_assigned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(t.email), check('staff_users_role_ck', oneOf(t.role, STAFF_ROLES))],
);

/**
 * A device where a staff member turned push alerts on (docs/decisions/0364): the browser's Web Push subscription.
 * Removed by its owner, when the push service refuses it for good (404/410 and the like), or with the account.
 */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: a capability, so never shown or logged. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url): the payload is encrypted to them (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android" (src/lib/auth/device-label.ts), never the User-Agent. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * The session that turned alerts on: ending it ends them (src/modules/staff/sessions). Null for subscriptions made before
     * this column, or once the session's row is pruned; ending all of an account's sessions ends those too.
     */
    sessionId: uuid('session_id').references(() => staffSessions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('staff_push_subscriptions_endpoint_uq').on(t.endpoint),
    index('staff_push_subscriptions_staff_idx').on(t.staffId),
    index('staff_push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Single-use recovery codes of the second factor, stored as SHA-256 hashes (docs/decisions/0322-second-factor.md). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * Passkeys (WebAuthn credentials) that answer the second step of sign-in (docs/decisions/0348-a-second-factor-for-
 * everyone-and-passkeys.md). The public key only: the private key never leaves the person's phone or password manager.
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The credential's id as the browser names it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for passkeys that do not count, as synced ones). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches it ("internal", "hybrid", "usb"...), as it said at registration. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether it is backed up (synced to a cloud account), as the authenticator said at the last use. */
    backedUp: boolean('backed_up').notNull().default(false),
    /** "Passkey on Android": made from the User-Agent at registration (src/lib/auth/device-label.ts), never the header. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /**
     * When its signature counter went back (a copy of the key signed): it signs nobody in again, and stays listed as
     * disabled on Your account until its person removes it.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('staff_passkeys_credential_uq').on(t.credentialId), index('staff_passkeys_user_idx').on(t.userId)],
);

/** One row per signed-in session (the JWT's `jti`): sign-out and deactivation revoke it before it expires. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The last request seen in this session (kept to the minute): idle sessions end (src/modules/staff/sessions/session.server.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the password was last checked in this session (sign-in or re-authentication before sensitive changes). */
    passwordCheckedAt: timestamp('password_checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The device as its owner recognises it on Your account, "Chrome on Android": made from the User-Agent at sign-in,
     * never the header itself (src/lib/auth/device-label.ts); null when neither browser nor system is known.
     */
    deviceLabel: text('device_label'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins, for the lockout (docs/decisions/0201-sign-in-lockout.md). `key` is `account:<email>` or
 * `client:<client hash>`; rows older than a day are pruned.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('staff_sign_in_failures_key_idx').on(t.key, t.at)],
);

/**
 * Password links by e-mail: a reset (docs/decisions/0324-password-reset.md) or a new account's invitation
 * (`welcome`, 0347). The token is only in the e-mail; this keeps its SHA-256. Single use (used_at), with an expiry
 * (expires_at); a new password or a newer link of either kind ends the others.
 */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    kind: text('kind').$type<StaffLinkKind>().notNull().default('reset'),
  },
  (t) => [
    uniqueIndex('staff_password_resets_token_uq').on(t.tokenHash),
    index('staff_password_resets_user_idx').on(t.userId),
    check('staff_password_resets_kind_ck', oneOf(t.kind, STAFF_LINK_KINDS)),
  ],
);

/** Notes staff write on a lead. Author kept by id and by e-mail (the account may be removed later). */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);

/** Every change to a lead: who, what, when. Erased with the lead (NDPA erasure). */
export const leadActivity = pgTable(
  'lead_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<LeadAction>().notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_activity_lead_idx').on(t.leadId, t.createdAt)],
);

/**
 * Staff-area audit trail that outlives the data it is about: staff created/changed, privacy exports and
 * erasures. `subject` never holds a visitor's e-mail: erasures record its salted hash.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_created_idx').on(t.createdAt)],
);

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type StaffPasskeyRow = typeof staffPasskeys.$inferSelect;
export type LeadNoteRow = typeof leadNotes.$inferSelect;
export type LeadActivityRow = typeof leadActivity.$inferSelect;

/**
 * Visits to the public pages, counted by the server without scripts or cookies (docs/decisions/0350-visits-counted-on-
 * the-server.md): one row per Lagos day, page and source, counts only. `kind` says what the source is: a campaign (its
 * UTM source, medium and campaign, lower-cased), another site (`source` is its host without www.) or direct.
 */
export const visitCounts = pgTable(
  'visit_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    kind: text('kind').$type<'campaign' | 'referrer' | 'direct'>().notNull(),
    source: text('source').notNull().default(''),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    visits: integer('visits').notNull().default(0),
    /** Different visitors among them, told apart by the day's fingerprints (visit_visitors). */
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.kind, t.source, t.medium, t.campaign] })],
);

/** The pipeline columns of lead_day_counts and lead_month_counts: a district ('' for none) and where its leads are. */
const pipelineCounts = () => ({
  district: text('district').notNull(),
  status: text('status').$type<LeadStatus>().notNull(),
  contacted: boolean('contacted').notNull(),
  qualified: boolean('qualified').notNull(),
  leads: integer('leads').notNull(),
});

/**
 * The dashboard's summaries (docs/decisions/0421-dashboard-from-summaries.md): the inbox's leads (no spam) counted
 * per Lagos day (days since 1970-01-01), district ('' for none) and where they are in the pipeline. Kept by a trigger
 * on interest_submissions in the transaction that moves a lead, never written by code; a full recount equals them.
 */
export const leadDayCounts = pgTable('lead_day_counts', { day: integer('day').notNull(), ...pipelineCounts() }, (t) => [
  primaryKey({ columns: [t.day, t.district, t.status, t.contacted, t.qualified] }),
]);

/**
 * The same counts per Lagos month (docs/decisions/0445-summaries-by-the-month.md): `month` is the month's first day (days
 * since 1970-01-01). Kept with each day's row by the same database function, so a month always equals its days; a
 * range's whole months are read here, its other days from lead_day_counts.
 */
export const leadMonthCounts = pgTable('lead_month_counts', { month: integer('month').notNull(), ...pipelineCounts() }, (t) => [
  primaryKey({ columns: [t.month, t.district, t.status, t.contacted, t.qualified] }),
]);

/**
 * Each site inspection's seats and people (docs/decisions/0447): what the dashboard's inspections table shows per slot,
 * without adding up a year's bookings on every view. Kept by a trigger on inspection_bookings in the booking's own
 * transaction, never written by code; a slot with no booking yet has no row. No foreign key: a slot's deletion
 * removes its bookings, whose trigger then brings the row to zero.
 */
export const inspectionSlotCounts = pgTable('inspection_slot_counts', {
  slotId: uuid('slot_id').primaryKey(),
  /** Seats of confirmed bookings, walk-ins' included. */
  seatsTaken: integer('seats_taken').notNull(),
  /** Seats of confirmed walk-ins (bookings without a lead). */
  walkIns: integer('walk_ins').notNull(),
  /** Leads' bookings marked came, no-show, and confirmed but not marked yet. */
  came: integer('came').notNull(),
  noShow: integer('no_show').notNull(),
  unmarked: integer('unmarked').notNull(),
});

/**
 * The inbox's leads (no spam) that someone holds, per staff member and status: the team panel's open leads per member
 * without counting them (docs/decisions/0432). Kept by a trigger on interest_submissions, as the summaries above.
 */
export const leadStaffCounts = pgTable(
  'lead_staff_counts',
  {
    staffId: uuid('staff_id').notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.status] })],
);

/**
 * The dashboard's first-contact figures of each ended week (docs/decisions/0433): worked out from the week's leads the
 * first time a dashboard shows the week, under the working time then configured (`working_time`, its fingerprint), and
 * kept while the week's `version` (the sum of its rows in lead_contact_week_changes) stays the same. A row per district (slug, '' for none,
 * '*' for all) and agent (staff id, '' for nobody, '*' for all); the agent '*' rows carry the week's working minutes to
 * first contact as a histogram (whole minutes and how many leads took each), from which a range's percentiles come.
 */
export const leadContactWeeks = pgTable(
  'lead_contact_weeks',
  {
    workingTime: text('working_time').notNull(),
    /** The week's Monday, as days since 1970-01-01 (Lagos). */
    week: integer('week').notNull(),
    version: integer('version').notNull(),
    district: text('district').notNull(),
    agent: text('agent').notNull(),
    received: integer('received').notNull(),
    messaged: integer('messaged').notNull(),
    firstMessageSeconds: doublePrecision('first_message_seconds'),
    contacted: integer('contacted').notNull(),
    withinTarget: integer('within_target').notNull(),
    medianMinutes: doublePrecision('median_minutes'),
    p90Minutes: doublePrecision('p90_minutes'),
    minutes: integer('minutes').array(),
    leads: integer('leads').array(),
  },
  (t) => [primaryKey({ columns: [t.workingTime, t.week, t.district, t.agent] })],
);

/**
 * Replaced by lead_contact_week_changes (drizzle/0050): no longer written; read by the release before until the next
 * release drops it (docs/decisions/0110, expand then contract).
 */
export const leadContactWeekVersions = pgTable('lead_contact_week_versions', {
  week: integer('week').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * How often the leads of each week (by Monday, as lead_contact_weeks) changed in a way its first-contact figures see:
 * a row per changing transaction and ended week, written by a trigger on interest_submissions in that transaction. A
 * week's version is the sum of its `changes`. A row of its own per transaction, so that two transactions moving leads
 * of one week never wait for each other (a shared counter row made them deadlock: docs/decisions/0433). Keeping a
 * week's figures folds its rows into one of the same sum.
 */
export const leadContactWeekChanges = pgTable(
  'lead_contact_week_changes',
  {
    week: integer('week').notNull(),
    /** The transaction that wrote it (txid_current()), or the fold's. */
    tx: bigint('tx', { mode: 'number' }).notNull(),
    changes: integer('changes').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.week, t.tx] })],
);

/** The source columns of lead_source_counts and lead_source_month_counts. */
const sourceCounts = () => ({
  district: text('district').notNull(),
  kind: text('kind').$type<'campaign' | 'referrer' | 'direct'>().notNull(),
  label: text('label').notNull(),
  landingPath: text('landing_path').notNull(),
  leads: integer('leads').notNull(),
});

/**
 * The same leads per day, district and where they came from: the dashboard's source label (kind and label, as
 * leadsBySource names them) and the landing page without its query (click ids such as fbclid stay on the lead).
 */
export const leadSourceCounts = pgTable('lead_source_counts', { day: integer('day').notNull(), ...sourceCounts() }, (t) => [
  primaryKey({ columns: [t.day, t.district, t.kind, t.label, t.landingPath] }),
]);

/** The same per Lagos month (as lead_month_counts). */
export const leadSourceMonthCounts = pgTable('lead_source_month_counts', { month: integer('month').notNull(), ...sourceCounts() }, (t) => [
  primaryKey({ columns: [t.month, t.district, t.kind, t.label, t.landingPath] }),
]);

/** The attribution and progress columns of lead_conversion_counts and lead_conversion_month_counts. */
const conversionCounts = () => ({
  district: text('district').notNull(),
  landingPath: text('landing_path').notNull(),
  utmSource: text('utm_source').notNull(),
  utmMedium: text('utm_medium').notNull(),
  utmCampaign: text('utm_campaign').notNull(),
  referrer: text('referrer').notNull(),
  booked: boolean('booked').notNull(),
  attended: boolean('attended').notNull(),
  won: boolean('won').notNull(),
  whatsapp: boolean('whatsapp').notNull(),
  plotsHeld: boolean('plots_held').notNull(),
  plotsReserved: boolean('plots_reserved').notNull(),
  leads: integer('leads').notNull(),
  reservedKobo: bigint('reserved_kobo', { mode: 'number' }).notNull(),
});

type ConversionKey = ReturnType<typeof conversionCounts>;
/** A conversion summary's key after its day or month: every column but the counts. */
const conversionKey = (t: { [K in keyof ConversionKey]: AnyPgColumn }) => [
  t.district,
  t.landingPath,
  t.utmSource,
  t.utmMedium,
  t.utmCampaign,
  t.referrer,
  t.booked,
  t.attended,
  t.won,
  t.whatsapp,
  t.plotsHeld,
  t.plotsReserved,
];

/**
 * The same leads per day, district and what they recorded of their visit (the landing page without its query, the
 * UTM source, medium and campaign, the referrer; '' for none), and how far they went: booked and came to an
 * inspection, won, came by WhatsApp, held and reserved a plot, with the value reserved (docs/decisions/0430).
 */
export const leadConversionCounts = pgTable('lead_conversion_counts', { day: integer('day').notNull(), ...conversionCounts() }, (t) => [
  primaryKey({ name: 'lead_conversion_counts_pk', columns: [t.day, ...conversionKey(t)] }),
]);

/** The same per Lagos month (as lead_month_counts). */
export const leadConversionMonthCounts = pgTable(
  'lead_conversion_month_counts',
  { month: integer('month').notNull(), ...conversionCounts() },
  (t) => [primaryKey({ name: 'lead_conversion_month_counts_pk', columns: [t.month, ...conversionKey(t)] })],
);

/**
 * The day's visitor fingerprints, HMAC-SHA256 of address, user agent and counter under the day's salt: only to count a
 * visitor once per row of visit_counts. Deleted with the salt when the Lagos day ends.
 */
export const visitVisitors = pgTable(
  'visit_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/** One random salt per Lagos day, shared by every instance, deleted when the day ends (never used for another day). */
export const visitSalts = pgTable('visit_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

// ---- site inspections (docs/decisions/0391-site-inspections-booked-online.md) ------------------------------------

/**
 * The owners' weekly schedule of site inspections: each active row makes a slot every week on its Lagos weekday and
 * time (0 = Sunday). Changing a row changes the slots not made yet; slots already made keep their bookings.
 */
export const inspectionSchedules = pgTable(
  'inspection_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    district: districtText('district').notNull(),
    weekday: integer('weekday').notNull(),
    /** `HH:MM`, Lagos time. */
    startTime: text('start_time').notNull(),
    kind: text('kind').$type<InspectionKind>().notNull(),
    seats: integer('seats').notNull(),
    /** On site: where the bus leaves from, and its map link. */
    meetingPoint: text('meeting_point'),
    mapUrl: text('map_url'),
    /** A video tour: the call's link, sent in the confirmation only. */
    videoUrl: text('video_url'),
    /** The agent who leads it (their name and WhatsApp go in the confirmation); null: the sales line. */
    agentId: uuid('agent_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('inspection_schedules_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check('inspection_schedules_seats_ck', sql`${t.seats} between 1 and 500`),
    check('inspection_schedules_kind_ck', oneOf(t.kind, INSPECTION_KINDS)),
  ],
);

/**
 * One inspection on one day: made from the schedule for the weeks ahead (one per schedule row and time, so every
 * instance makes the same one), or added by an owner (a one-off trip: no schedule). Its seats are counted against
 * its confirmed bookings under a row lock, so N seats never go to more than N people. `cancelled_at`: an owner called
 * the day off (a holiday); the row stays so the schedule does not make it again.
 */
export const inspectionSlots = pgTable(
  'inspection_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id').references(() => inspectionSchedules.id, { onDelete: 'set null' }),
    district: districtText('district').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').$type<InspectionKind>().notNull(),
    seats: integer('seats').notNull(),
    meetingPoint: text('meeting_point'),
    mapUrl: text('map_url'),
    videoUrl: text('video_url'),
    agentId: uuid('agent_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_slots_schedule_time_uq').on(t.scheduleId, t.startsAt),
    index('inspection_slots_district_time_idx').on(t.district, t.startsAt),
    check('inspection_slots_seats_ck', sql`${t.seats} between 1 and 500`),
    check('inspection_slots_kind_ck', oneOf(t.kind, INSPECTION_KINDS)),
  ],
);

/**
 * A lead's seat(s) on a slot: one booking still to come per lead (booking again moves it; the booking service keeps
 * this under the lead's row lock), and any number past. A walk-in staff add on the day has no lead, only the name and
 * phone they were given.
 */
export const inspectionBookings = pgTable(
  'inspection_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => inspectionSlots.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    partySize: integer('party_size').notNull(),
    state: text('state').$type<BookingState>().notNull().default('confirmed'),
    attendance: text('attendance').$type<Attendance>(),
    walkInName: text('walk_in_name'),
    walkInPhone: text('walk_in_phone'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The widest network of the client that booked or last moved it from the site (a salted hash of its IPv6 /48, or of
     * its IPv4 address): one network holds only so many seats (docs/decisions/0401). Null: staff's, walk-ins, older.
     */
    networkHash: text('network_hash'),
  },
  (t) => [
    index('inspection_bookings_slot_idx').on(t.slotId, t.state, t.createdAt),
    index('inspection_bookings_network_idx').on(t.networkHash),
    index('inspection_bookings_lead_idx').on(t.leadId),
    check('inspection_bookings_party_ck', sql`${t.partySize} between 1 and 50`),
    check('inspection_bookings_state_ck', oneOf(t.state, BOOKING_STATES)),
    check('inspection_bookings_attendance_ck', sql`${t.attendance} is null or ${oneOf(t.attendance, ATTENDANCE)}`),
    check('inspection_bookings_who_ck', sql`${t.leadId} is not null or ${t.walkInName} is not null`),
  ],
);

/**
 * The release before 0410's outbox of a booking's messages: copied into outbox_messages by the upgrade
 * (drizzle/0034) and, for a rolling upgrade's minute, by a trigger; read by no code, dropped by the release after.
 * It was the delivery record of each message a booking sets off (docs/decisions/0391), like lead_notifications:
 * written in the booking's own transaction with its pg-boss job (a reminder's job starts at its time), and claimed
 * (`sending`) before it is sent, so a restart never sends a reminder twice. One per booking, kind, channel and slot
 * time: a move gives the new time its own reminders. `slot_filling` is the owners' and names no booking (no personal
 * data), once per slot and channel.
 */
export const inspectionMessages = pgTable(
  'inspection_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => inspectionBookings.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => inspectionSlots.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InspectionMessageKind>().notNull(),
    channel: text('channel').$type<InspectionMessageChannel>().notNull(),
    /** The start of the slot the message is about (a move makes a message about the new time). */
    aboutStartsAt: timestamp('about_starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it is meant to go: at once, or a reminder's time. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state').$type<InspectionMessageState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a sender claimed it; a `sending` row older than the sender's longest wait was left by a crash. */
    sendingSince: timestamp('sending_since', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_messages_booking_uq').on(t.bookingId, t.kind, t.channel, t.aboutStartsAt),
    uniqueIndex('inspection_messages_slot_filling_uq')
      .on(t.slotId, t.channel)
      .where(sql`kind = 'slot_filling'`),
    index('inspection_messages_state_idx').on(t.state, t.dueAt),
    check('inspection_messages_kind_ck', oneOf(t.kind, INSPECTION_MESSAGE_KINDS)),
    check('inspection_messages_channel_ck', oneOf(t.channel, INSPECTION_MESSAGE_CHANNELS)),
    check('inspection_messages_state_ck', oneOf(t.state, INSPECTION_MESSAGE_STATES)),
    check('inspection_messages_booking_ck', sql`${t.bookingId} is not null or ${t.kind} = 'slot_filling'`),
  ],
);

export type InspectionScheduleRow = typeof inspectionSchedules.$inferSelect;
export type InspectionMessageRow = typeof inspectionMessages.$inferSelect;
export type InspectionSlotRow = typeof inspectionSlots.$inferSelect;
export type InspectionBookingRow = typeof inspectionBookings.$inferSelect;

/**
 * A lead's conversation by WhatsApp and SMS (docs/decisions/0394-whatsapp-and-sms.md): one row per message either way.
 * `provider_id` is the provider's own id (WhatsApp's wamid, Termii's message_id): a webhook delivered twice finds its
 * message and changes nothing. `staff_id`: the agent who sent it (none for the first reply and the buyer's).
 */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    direction: text('direction').$type<MessageDirection>().notNull(),
    kind: text('kind').$type<MessageKind>().notNull(),
    body: text('body').notNull(),
    /** The template's name, for a template message. */
    template: text('template'),
    providerId: text('provider_id'),
    status: text('status').$type<MessageStatus>().notNull(),
    /** Why the provider could not deliver it, as it said. */
    error: text('error'),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_messages_provider_uq').on(t.channel, t.providerId),
    index('lead_messages_lead_idx').on(t.leadId, t.createdAt),
    check('lead_messages_channel_ck', oneOf(t.channel, MESSAGE_CHANNELS)),
    check('lead_messages_direction_ck', oneOf(t.direction, MESSAGE_DIRECTIONS)),
    check('lead_messages_kind_ck', oneOf(t.kind, MESSAGE_KINDS)),
    check('lead_messages_status_ck', oneOf(t.status, MESSAGE_STATUSES)),
  ],
);

/**
 * Numbers that said STOP (docs/decisions/0394, 0402), one row per channel the STOP stops: a STOP by SMS stops SMS only,
 * one on WhatsApp stops every channel (two rows); START on the channel it was said on removes that STOP's rows. Kept
 * as a salted hash of the number, so an opt-out outlives the erasure of the person's lead without keeping their number.
 */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    phoneHash: text('phone_hash').notNull(),
    /** The channel nothing more goes by. */
    stops: text('stops').$type<MessageChannel>().notNull(),
    /** Where the STOP came from (a START there undoes it). */
    channel: text('channel').$type<MessageChannel>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phoneHash, t.stops] })],
);

/**
 * SMS asked of the provider per Lagos day (docs/decisions/0402): counted before each send against SMS_DAILY_LIMIT, in
 * the database so that every instance counts the same budget. `pausedAt`: the first send the budget refused that day;
 * `alertedAt`: when the owners were told (once a day).
 */
export const smsDays = pgTable('sms_days', {
  /** YYYY-MM-DD in Lagos. */
  day: text('day').primaryKey(),
  sent: integer('sent').notNull().default(0),
  pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
  alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
});

export type LeadMessageRow = typeof leadMessages.$inferSelect;

// ---- plots (docs/decisions/0412-plots-never-sold-twice.md) ---------------------------------------------------------

/** A point of a plot's outline in its layout's own coordinates (the surveyor's, any unit): x to the east, y to the south. */
export type PlotPoint = [number, number];

/**
 * A district's plots, as the surveyor's layout gives them: its number (`label`, unique in its district), block, size
 * and price (integer kobo). A plot is never deleted once listed (its claims and history point at it): withdrawn, it
 * leaves the public plan. A price change never reaches a claim already made (the claim keeps its own price).
 */
export const plots = pgTable(
  'plots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    district: districtText('district').notNull(),
    block: text('block').notNull(),
    label: text('label').notNull(),
    sizeSqm: integer('size_sqm').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    corner: boolean('corner').notNull().default(false),
    /** The plot's polygon in the layout's coordinates, when the layout has one; else the plan draws a grid by block. */
    outline: jsonb('outline').$type<PlotPoint[]>(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plots_district_label_uq').on(t.district, t.label),
    index('plots_district_block_idx').on(t.district, t.block),
    check('plots_size_ck', sql`${t.sizeSqm} > 0`),
    check('plots_price_ck', sql`${t.priceKobo} >= 0`),
  ],
);

/**
 * A claim on a plot by a lead: held (until `held_until`), then reserved, sold, allocated, or ended (`ended_at` with its
 * reason). Never sold twice, by the database: at most one claim per plot has not ended (plot_claims_active_uq), so two
 * buyers, a staff sale and an expiry arriving at once leave one claim standing. `price_kobo` is the plot's price when
 * the claim began: later price changes never touch it. `lead_id` is null only once the lead was erased (the plot stays
 * taken). `staff_id`: who made the claim; null, the buyer from the site.
 */
export const plotClaims = pgTable(
  'plot_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plotId: uuid('plot_id')
      .notNull()
      .references(() => plots.id),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    stage: text('stage').$type<PlotStage>().notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    /** Until when a hold stands; null once reserved (a reservation does not lapse by itself). */
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    /** The lead's stage before the hold, restored when the claim ends while the lead is still at `plot_held`. */
    leadStatusBefore: text('lead_status_before').$type<LeadStatus>(),
    /** The deposit recorded with the reservation (by hand or by a payment) and the payment's reference, if any. */
    depositKobo: bigint('deposit_kobo', { mode: 'number' }),
    paymentReference: text('payment_reference'),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date' }),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
    allocatedAt: timestamp('allocated_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endReason: text('end_reason').$type<PlotClaimEndReason>(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plot_claims_active_uq')
      .on(t.plotId)
      .where(sql`ended_at is null`),
    index('plot_claims_lead_idx').on(t.leadId, t.endedAt),
    index('plot_claims_held_until_idx')
      .on(t.heldUntil)
      .where(sql`ended_at is null and stage = 'held'`),
    uniqueIndex('plot_claims_payment_reference_uq')
      .on(t.paymentReference)
      .where(sql`payment_reference is not null`),
    check('plot_claims_stage_ck', oneOf(t.stage, PLOT_STAGES)),
    check('plot_claims_end_reason_ck', sql`${t.endReason} is null or ${oneOf(t.endReason, PLOT_CLAIM_END_REASONS)}`),
    check('plot_claims_ended_ck', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
    check('plot_claims_held_until_ck', sql`${t.stage} <> 'held' or ${t.heldUntil} is not null`),
    check('plot_claims_price_ck', sql`${t.priceKobo} >= 0 and (${t.depositKobo} is null or ${t.depositKobo} >= 0)`),
  ],
);

/**
 * Every change to a plot or a claim on it, written in the change's own transaction, never changed after: who (a staff
 * member, or the lead when the buyer did it, or neither for the lapse job), when, what, the values before and after,
 * and why (a release's reason).
 */
export const plotEvents = pgTable(
  'plot_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plotId: uuid('plot_id')
      .notNull()
      .references(() => plots.id),
    claimId: uuid('claim_id').references(() => plotClaims.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    action: text('action').$type<PlotEventAction>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
  },
  (t) => [
    index('plot_events_plot_idx').on(t.plotId, t.at),
    index('plot_events_claim_idx').on(t.claimId),
    index('plot_events_lead_idx').on(t.leadId),
    check('plot_events_action_ck', oneOf(t.action, PLOT_EVENT_ACTIONS)),
  ],
);

export type PlotRow = typeof plots.$inferSelect;
export type PlotClaimRow = typeof plotClaims.$inferSelect;
export type PlotEventRow = typeof plotEvents.$inferSelect;

/**
 * A surveyor's layout uploaded on the Import page (docs/decisions/0413-plots-inventory-for-the-sales-team.md): kept
 * between its preview and an owner's "apply" (a form posted without scripts cannot carry a file across a redirect),
 * then as the record of what was imported, when and by whom. `layout`: the plots as read from the file (no personal
 * data); `changes`: how many the apply wrote. A preview older than a day is not applied.
 */
export const plotImports = pgTable(
  'plot_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    district: districtText('district').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    layout: jsonb('layout').$type<PlotImportLayout>().notNull(),
    withdrawMissing: boolean('withdraw_missing').notNull().default(false),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    changes: integer('changes'),
  },
  (t) => [index('plot_imports_created_idx').on(t.createdAt)],
);

/** A plot as an import file gives it (src/modules/plots/import/parse-layout.ts). */
export type PlotImportLayout = {
  label: string;
  block: string;
  sizeSqm: number;
  priceKobo: number;
  corner: boolean;
  outline: PlotPoint[] | null;
  place: { line: number } | { feature: number };
}[];

export type PlotImportRow = typeof plotImports.$inferSelect;

/**
 * Payments (docs/decisions/0414-the-money-core.md). Money is integer kobo (bigint) everywhere. A plot claim's payment
 * plan is opened before any money is taken for it: the price frozen on the claim, the district's deposit, the months
 * the buyer chose and the day the schedule starts from. The schedule of due dates is derived from it, never stored.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    /** The plot claim (src/modules/plots) the plan pays for: one plan per claim. */
    claimId: uuid('claim_id')
      .primaryKey()
      .references(() => plotClaims.id),
    /**
     * The buyer; null once they were erased (docs/decisions/0414): the plan and its ledger stay for their legal period
     * with the copy of the buyer below, the lead and everything else of theirs go.
     */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /**
     * Who paid, copied from the lead in the erasure's transaction only (null while the lead is there): what the money
     * records need for the period tax and company law require, blanked by the retention job after it.
     */
    erasedBuyerName: text('erased_buyer_name'),
    erasedBuyerEmail: text('erased_buyer_email'),
    erasedBuyerPhone: text('erased_buyer_phone'),
    /** When the buyer was erased (the copy above kept since). */
    buyerErasedAt: timestamp('buyer_erased_at', { withTimezone: true, mode: 'date' }),
    district: districtText('district').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    depositKobo: bigint('deposit_kobo', { mode: 'number' }).notNull(),
    /** The balance after the deposit in this many equal monthly instalments (src/content/payments.ts lists the choices). */
    months: integer('months').notNull(),
    /** The Lagos day the deposit falls due; instalment n falls due n months after it. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_plans_lead_idx').on(t.leadId),
    check('payment_plans_price_ck', sql`${t.priceKobo} > 0 and ${t.depositKobo} between 0 and ${t.priceKobo}`),
    check('payment_plans_months_ck', sql`${t.months} between 1 and 60`),
  ],
);

/**
 * The ledger: one append-only list of entries per claim (and so per buyer and plot). The balance is the sum of the
 * entries' amounts, never a stored figure. A database trigger refuses every UPDATE and DELETE of a row (the migration
 * adds it), so a mistake is put right by a `correction` naming the entry it corrects. `(source, provider_reference)` is
 * unique: the same Paystack transaction, or the same approved transfer, credits once however often it is reported.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** In the order written: the ledger's own order. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    kind: text('kind').$type<LedgerKind>().notNull(),
    source: text('source').$type<LedgerSource>().notNull(),
    /** Paystack's transaction reference, the approved transfer's id; null for an owner's refund or correction. */
    providerReference: text('provider_reference'),
    /** Kobo: positive money in, negative money out. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** When the money moved (Paystack's paid_at, the transfer's date). */
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The staff member who wrote it (an approval's owner, a refund's); null for Paystack's. No cascade: kept. */
    byStaffId: uuid('by_staff_id').references((): AnyPgColumn => staffUsers.id),
    reason: text('reason'),
    /** The entry a reversal or correction puts right. */
    correctsEntryId: bigint('corrects_entry_id', { mode: 'number' }).references((): AnyPgColumn => ledgerEntries.id),
    /** Set when written for the owners to look at: `amount_differs`, paid other than asked. */
    flag: text('flag').$type<LedgerFlag>(),
  },
  (t) => [
    uniqueIndex('ledger_entries_provider_uq').on(t.source, t.providerReference),
    index('ledger_entries_claim_idx').on(t.claimId, t.id),
    index('ledger_entries_at_idx').on(t.at),
    check('ledger_entries_kind_ck', oneOf(t.kind, LEDGER_KINDS)),
    check('ledger_entries_source_ck', oneOf(t.source, LEDGER_SOURCES)),
    check('ledger_entries_flag_ck', sql`${t.flag} is null or ${oneOf(t.flag, LEDGER_FLAGS)}`),
    check(
      'ledger_entries_sign_ck',
      sql`(${t.kind} = 'payment' and ${t.amountKobo} > 0) or (${t.kind} in ('refund', 'reversal') and ${t.amountKobo} < 0) or (${t.kind} = 'correction' and ${t.amountKobo} <> 0)`,
    ),
    check('ledger_entries_corrects_ck', sql`${t.kind} not in ('reversal', 'correction') or ${t.correctsEntryId} is not null`),
    check('ledger_entries_reason_ck', sql`${t.kind} = 'payment' or ${t.reason} is not null`),
  ],
);

/**
 * A checkout asked of Paystack (POST /transaction/initialize) for a claim: our reference, the amount asked. Money is
 * credited only from Paystack's verify of the reference, never from the browser's return to the callback page.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    reference: text('reference').primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    authorizationUrl: text('authorization_url'),
    state: text('state').$type<CheckoutState>().notNull().default('initialized'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_checkouts_claim_idx').on(t.claimId, t.createdAt),
    check('payment_checkouts_amount_ck', sql`${t.amountKobo} > 0`),
    check('payment_checkouts_state_ck', oneOf(t.state, CHECKOUT_STATES)),
  ],
);

/**
 * A claim's dedicated virtual account at Paystack (POST /customer, POST /dedicated_account): a transfer into it comes
 * as a charge.success naming the customer, credited to this claim once verified.
 */
export const paymentDedicatedAccounts = pgTable(
  'payment_dedicated_accounts',
  {
    claimId: uuid('claim_id')
      .primaryKey()
      .references(() => paymentPlans.claimId),
    customerCode: text('customer_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_dedicated_accounts_customer_uq').on(t.customerCode)],
);

/**
 * Each Paystack webhook event taken (signature checked), stored with its job in one transaction before the 200: the
 * job verifies and credits, and records here what became of it. Only the event's name and reference are kept (no
 * customer details).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event: text('event').notNull(),
    reference: text('reference'),
    /** The customer code a transfer into a dedicated account names. */
    customerCode: text('customer_code'),
    /** The amount the event claimed, in kobo (only verify's is believed). */
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    outcome: text('outcome').$type<PaymentEventOutcome>(),
    /** Why, in words without personal data (what verify said). */
    detail: text('detail'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_events_reference_idx').on(t.reference),
    index('payment_events_outcome_idx').on(t.outcome, t.receivedAt),
    check('payment_events_outcome_ck', sql`${t.outcome} is null or ${oneOf(t.outcome, PAYMENT_EVENT_OUTCOMES)}`),
  ],
);

/** Receipt numbers, RCT-<year>-<six digits>: one sequence, never reused. */
export const paymentReceiptNumbers = pgSequence('payment_receipt_numbers', { startWith: 1 });

/**
 * One receipt per credited payment, written in the credit's own transaction: its number and an unguessable check code
 * for the public receipt page. Its messages to the buyer are the one outbox's rows (subject `receipt`, queued in the
 * same transaction: docs/decisions/0414-the-money-core.md).
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    checkCode: text('check_code').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_receipts_number_uq').on(t.number),
    uniqueIndex('payment_receipts_entry_uq').on(t.entryId),
    index('payment_receipts_claim_idx').on(t.claimId),
  ],
);

/**
 * A bank transfer into the company's account, recorded by one staff member and approved by an owner who is someone
 * else (a check says so): only the approval credits the ledger. A rejection keeps its reason.
 */
export const paymentBankTransfers = pgTable(
  'payment_bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    bankReference: text('bank_reference').notNull(),
    proofNote: text('proof_note'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => staffUsers.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    state: text('state').$type<BankTransferState>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => staffUsers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    // One bank reference is one transfer, unless it was rejected (then it may be recorded again, rightly).
    uniqueIndex('payment_bank_transfers_reference_uq')
      .on(t.bankReference)
      .where(sql`state <> 'rejected'`),
    index('payment_bank_transfers_state_idx').on(t.state, t.recordedAt),
    check('payment_bank_transfers_amount_ck', sql`${t.amountKobo} > 0`),
    check('payment_bank_transfers_state_ck', oneOf(t.state, BANK_TRANSFER_STATES)),
    check('payment_bank_transfers_two_people_ck', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.recordedBy}`),
    check('payment_bank_transfers_reason_ck', sql`${t.state} <> 'rejected' or ${t.rejectReason} is not null`),
  ],
);

/**
 * What the nightly re-check with Paystack's verify found for the owners (docs/decisions/0415): one row per reference
 * and kind, ever, so a finding is listed on the Payments page and e-mailed once however many nights it is seen again.
 * No personal data: the reference, the claim, the amounts and what verify said.
 */
export const paymentRecheckFindings = pgTable(
  'payment_recheck_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<RecheckFinding>().notNull(),
    reference: text('reference').notNull(),
    claimId: uuid('claim_id').references(() => paymentPlans.claimId),
    /** What we asked or credited, and what verify says now (kobo), where known. */
    oursKobo: bigint('ours_kobo', { mode: 'number' }),
    paystackKobo: bigint('paystack_kobo', { mode: 'number' }),
    /** What verify said, in words without personal data. */
    detail: text('detail').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_recheck_findings_uq').on(t.reference, t.kind),
    index('payment_recheck_findings_found_idx').on(t.foundAt),
    check('payment_recheck_findings_kind_ck', oneOf(t.kind, RECHECK_FINDINGS)),
  ],
);

/**
 * A refund, reversal or correction asked by one owner, with its reason (docs/decisions/0416): the ledger entry is
 * written only when another owner approves it (a check says the two differ), keyed by this row's id so an approval
 * writes once; or it is rejected with a reason. The amount is the entry's, signed (negative takes money out).
 */
export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    kind: text('kind').$type<AdjustmentKind>().notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The entry a reversal takes back or a correction puts right. */
    correctsEntryId: bigint('corrects_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffUsers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    state: text('state').$type<AdjustmentState>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => staffUsers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
    /** The ledger entry its approval wrote. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
  },
  (t) => [
    index('payment_adjustments_claim_idx').on(t.claimId, t.requestedAt),
    index('payment_adjustments_state_idx').on(t.state),
    check('payment_adjustments_kind_ck', oneOf(t.kind, ADJUSTMENT_KINDS)),
    check('payment_adjustments_state_ck', oneOf(t.state, ADJUSTMENT_STATES)),
    check('payment_adjustments_amount_ck', sql`${t.amountKobo} <> 0 and (${t.kind} = 'correction' or ${t.amountKobo} < 0)`),
    check('payment_adjustments_two_people_ck', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    check('payment_adjustments_reason_ck', sql`${t.state} <> 'rejected' or ${t.rejectReason} is not null`),
  ],
);

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
export type PaymentRecheckFindingRow = typeof paymentRecheckFindings.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type PaymentReceiptRow = typeof paymentReceipts.$inferSelect;
export type PaymentBankTransferRow = typeof paymentBankTransfers.$inferSelect;
export type PaymentAdjustmentRow = typeof paymentAdjustments.$inferSelect;

/**
 * A buyer's documents (src/modules/documents, docs/decisions/0419-documents-and-checks.md): one row per claim and
 * stage once staff touched it (done, a late reason, a file); a stage without a row is not done. The stages and their
 * promised dates come from src/content/documents.ts and the claim's payments, never stored.
 */
export const documentStages = pgTable(
  'document_stages',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    stage: text('stage').$type<DocumentStageKey>().notNull(),
    /** The Lagos day staff marked it done (they may give an earlier day than today); null while not done. */
    doneOn: date('done_on', { mode: 'string' }),
    /** Why it is late, in words the buyer reads. */
    lateReason: text('late_reason'),
    /** The signed scan staff uploaded, the one the buyer downloads. */
    fileId: uuid('file_id').references((): AnyPgColumn => documentFiles.id),
    updatedBy: uuid('updated_by').references((): AnyPgColumn => staffUsers.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.stage] }), check('document_stages_stage_ck', oneOf(t.stage, DOCUMENT_STAGE_KEYS))],
);

/**
 * Files uploaded to a stage: the bytes live in the file store (DATA_DIR/files, src/modules/documents/files), under
 * `storage_key`; the type was read from their first bytes, never from the name or the browser's word. Kept as a
 * sale's records (never deleted with the buyer: src/content/legal.ts).
 */
export const documentFiles = pgTable(
  'document_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    stage: text('stage').$type<DocumentStageKey>().notNull(),
    storageKey: text('storage_key').notNull(),
    mediaType: text('media_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => staffUsers.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('document_files_claim_idx').on(t.claimId),
    uniqueIndex('document_files_storage_key_uq').on(t.storageKey),
    check('document_files_media_type_ck', sql`${t.mediaType} in ('application/pdf', 'image/jpeg', 'image/png')`),
  ],
);

/**
 * Every change to a buyer's documents (who, when, what): append-only, a trigger refuses UPDATE and DELETE (the
 * migration adds it). `by_email` copies the staff member's address, so the record reads the same after they leave.
 */
export const documentHistory = pgTable(
  'document_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    stage: text('stage').$type<DocumentStageKey>().notNull(),
    action: text('action').$type<DocumentAction>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    byStaffId: uuid('by_staff_id').references((): AnyPgColumn => staffUsers.id),
    byEmail: text('by_email'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('document_history_claim_idx').on(t.claimId, t.id), check('document_history_action_ck', oneOf(t.action, DOCUMENT_ACTIONS))],
);

/**
 * The letters the site makes (the contract of sale, the allocation letter): one per claim and kind, numbered
 * CS-/AL-<Lagos year>-<six digits> from one sequence, with a check code of 72 random bits (as receipts). `facts` holds
 * what the letter says as it was issued (buyer, plot, amounts, day), so the PDF reads the same every time.
 */
export const documentLetters = pgTable(
  'document_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => paymentPlans.claimId),
    kind: text('kind').$type<LetterKind>().notNull(),
    number: text('number').notNull(),
    checkCode: text('check_code').notNull(),
    facts: jsonb('facts').$type<LetterFacts>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_letters_number_uq').on(t.number),
    uniqueIndex('document_letters_claim_kind_uq').on(t.claimId, t.kind),
    check('document_letters_kind_ck', oneOf(t.kind, LETTER_KINDS)),
  ],
);
export const documentLetterNumbers = pgSequence('document_letter_numbers', { startWith: 1 });

export type DocumentStageRow = typeof documentStages.$inferSelect;
export type DocumentFileRow = typeof documentFiles.$inferSelect;
export type DocumentHistoryRow = typeof documentHistory.$inferSelect;
export type DocumentLetterRow = typeof documentLetters.$inferSelect;

/**
 * A buyer's request to sign in to their own page (docs/decisions/0418): a link by e-mail, or a 6-digit code by
 * WhatsApp or SMS. One row per request, whether or not the address belongs to a buyer (the answer is the same). The
 * link's token, or the code page's token, is only in the e-mail or the page's address: this keeps its SHA-256
 * (`token_hash`); a code is kept as its HMAC (`code_hash`). Single use (`used_at`), 15 minutes (`expires_at`), a code
 * at most five wrong tries (`wrong_codes`). Rows a day past their expiry are deleted by the next request.
 */
export const buyerSignIns = pgTable(
  'buyer_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<BuyerSignInChannel>().notNull(),
    /** The e-mail (trimmed, lower-cased) or the number (E.164) typed. */
    contact: text('contact').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /**
     * The link's token or the code, sealed with the secrets key (purpose `buyer-sign-in`), only while its outbox message
     * waits to go: the sender opens it to write the message, and it is wiped once sent, used or expired
     * (docs/decisions/0425). A copy of the database alone opens nothing.
     */
    sealedSecret: text('sealed_secret'),
  },
  (t) => [
    uniqueIndex('buyer_sign_ins_token_uq').on(t.tokenHash),
    index('buyer_sign_ins_expires_idx').on(t.expiresAt),
    check('buyer_sign_ins_channel_ck', oneOf(t.channel, BUYER_SIGN_IN_CHANNELS)),
    check('buyer_sign_ins_code_ck', sql`(${t.channel} = 'email') = (${t.codeHash} is null)`),
  ],
);

/**
 * A buyer's signed-in device (docs/decisions/0418): the cookie carries a random token, this its SHA-256. The buyer is
 * whoever has leads with `contact` (the e-mail or number they proved by the link or the code). Listed on their page
 * with its device label (never the User-Agent itself), when and how it signed in, and when it was last seen (kept to
 * five minutes); signed out one by one or everywhere (`revoked_at`).
 */
export const buyerSessions = pgTable(
  'buyer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    contact: text('contact').notNull(),
    signedInWith: text('signed_in_with').$type<BuyerSessionMethod>().notNull(),
    deviceLabel: text('device_label'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('buyer_sessions_token_uq').on(t.tokenHash),
    index('buyer_sessions_contact_idx').on(t.contact),
    check('buyer_sessions_with_ck', oneOf(t.signedInWith, BUYER_SESSION_METHODS)),
  ],
);

export type BuyerSessionRow = typeof buyerSessions.$inferSelect;

/**
 * A buyer's passkeys (docs/decisions/0423): a WebAuthn credential kept on their phone or password manager, tied to the
 * address they proved when they added it (`contact`, as a session is). The public key only. Signing in with one opens
 * a session of that address; removing the buyer (an erasure) deletes them.
 */
export const buyerPasskeys = pgTable(
  'buyer_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact: text('contact').notNull(),
    /** The credential's id as the browser names it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for passkeys that do not count, as synced ones). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches it ("internal", "hybrid"...), as it said when it was added. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    /** "Passkey on Android": from the User-Agent when it was added (src/lib/auth/device-label.ts), never the header. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('buyer_passkeys_credential_uq').on(t.credentialId), index('buyer_passkeys_contact_idx').on(t.contact)],
);

/**
 * The challenge of a buyer's passkey ceremony in progress (docs/decisions/0423): adding one (`register`, tied to the
 * session that asked) or signing in (`sign_in`, tied to nobody: the passkey says who). Five minutes, deleted by the
 * answer that names it (single use); rows past their expiry go with the next ceremony.
 */
export const buyerPasskeyChallenges = pgTable(
  'buyer_passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: text('ceremony').$type<BuyerPasskeyCeremony>().notNull(),
    sessionId: uuid('session_id').references(() => buyerSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('buyer_passkey_challenges_expires_idx').on(t.expiresAt),
    check('buyer_passkey_challenges_ceremony_ck', oneOf(t.ceremony, BUYER_PASSKEY_CEREMONIES)),
    check('buyer_passkey_challenges_session_ck', sql`(${t.ceremony} = 'register') = (${t.sessionId} is not null)`),
  ],
);

export type BuyerPasskeyRow = typeof buyerPasskeys.$inferSelect;
