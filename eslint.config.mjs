import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import project from './eslint/plugin.mjs';

// Sessions end only through src/modules/staff/sessions, which ends their push alerts with them
// (docs/decisions/0386-staff-sessions-round-3.md).
const END_SESSIONS = {
  paths: [{ name: '@/modules/staff/server', importNames: ['revokeSessions', 'endAlerts'], message: 'End sessions with endSessions.' }],
  patterns: [
    {
      regex: '(^|/)session\\.server$',
      importNames: ['revokeSessions'],
      message: 'End sessions with endSessions (src/modules/staff/sessions).',
    },
    {
      regex: '(^|/)subscriptions\\.repository\\.server$',
      importNames: ['endAlerts'],
      message: 'Alerts end with their sessions: endSessions (src/modules/staff/sessions).',
    },
  ],
};
// Only the messaging module hands a message to a provider (docs/decisions/0409-one-messaging-module.md): everything else
// sends through its channels (emailChannel, whatsAppChannel, smsChannel, pushChannel, webhookChannel from
// '@/modules/messaging/server'), so that SMS always passes its limits' gate and every send has one place to change.
const via = (channel) => `Send through the messaging module: ${channel} from '@/modules/messaging/server'.`;
export const PROVIDER_SENDS = {
  paths: [
    { name: '@/lib/mail/mailer.server', importNames: ['sendMail'], message: via('emailChannel') },
    { name: '@/lib/push/send.server', importNames: ['sendPush'], message: via('pushChannel') },
  ],
  patterns: [
    { regex: '(^|/)mail/mailer\\.server$', importNames: ['sendMail'], message: via('emailChannel') },
    { regex: '(^|/)push/send\\.server$', importNames: ['sendPush'], message: via('pushChannel') },
    { regex: '(^|/)termii\\.server$', importNames: ['sendSms'], message: via('smsChannel (within its limits)') },
    { regex: '(^|/)whatsapp-cloud\\.server$', importNames: ['sendWhatsAppText', 'sendWhatsAppTemplate'], message: via('whatsAppChannel') },
    { regex: '(^|/)webhook\\.server$', importNames: ['postWebhook'], message: via('webhookChannel') },
  ],
};
// web-push sends too; a test may use it to make keys.
const WEB_PUSH = { paths: [{ name: 'web-push', message: via('pushChannel') }], patterns: [] };
const PROVIDER_CLIENTS = ['src/lib/mail/**', 'src/lib/push/**'];
// linkedom is drawn into through one door, which makes its nodes without listener maps (docs/decisions/0444); a test
// may parse a render with it.
const LINKEDOM = {
  paths: [
    {
      name: 'linkedom',
      message: 'Draw into chartDocument() of src/modules/insights/chart-dom.server.ts, the one door to linkedom (docs/decisions/0444).',
    },
  ],
  patterns: [],
};
const CHART_DOM = 'src/modules/insights/chart-dom.server.ts';
const TESTS = ['**/*.test.{ts,tsx}'];

/** One rule's options replace another's for the same file, so each place gets the lists that apply to it. */
const restricted = (...lists) => [
  'error',
  { paths: lists.flatMap((list) => list.paths), patterns: lists.flatMap((list) => list.patterns) },
];

const LOCALE_FORMAT_EACH_CALL = {
  selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length>1]',
  message: 'Build the Intl.DateTimeFormat or Intl.NumberFormat once, beside the function that uses it (as src/lib/format.ts does).',
};
// A transaction's advisory locks have one home, which takes them in one order: two transactions taking shared keys in
// different orders can deadlock.
const KEY_LOCKS = 'src/lib/db/conflicts.ts';
const ADVISORY_LOCK_BY_HAND = {
  selector: 'TemplateElement[value.raw=/pg_advisory_xact_lock/], Literal[value=/pg_advisory_xact_lock/]',
  message: `Take a transaction's advisory locks with lockKeysInOrder (${KEY_LOCKS}): sorted, in one statement.`,
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { project },
    rules: {
      'project/server-only': 'error',
      'project/layers': 'error',
      'project/table-owners': 'error',
      'project/zod-configured': 'error',
    },
  },
  // A toLocale…String call given options builds a new Intl formatter each time (about 50 µs, against 1 µs for a
  // formatter built once): a year's dashboard made hundreds of them per view (docs/decisions/0443).
  { files: ['src/**'], rules: { 'no-restricted-syntax': ['error', LOCALE_FORMAT_EACH_CALL, ADVISORY_LOCK_BY_HAND] } },
  { files: [KEY_LOCKS], rules: { 'no-restricted-syntax': ['error', LOCALE_FORMAT_EACH_CALL] } },
  // The messaging module and the providers' own clients (src/lib/mail; src/lib/push, which makes VAPID keys with
  // web-push) may import what sends.
  {
    ignores: ['src/modules/staff/sessions/**', 'src/modules/messaging/**', ...PROVIDER_CLIENTS, CHART_DOM],
    rules: { 'no-restricted-imports': restricted(END_SESSIONS, PROVIDER_SENDS, WEB_PUSH, LINKEDOM) },
  },
  {
    files: TESTS,
    ignores: ['src/modules/staff/sessions/**', 'src/modules/messaging/**', ...PROVIDER_CLIENTS],
    rules: { 'no-restricted-imports': restricted(END_SESSIONS, PROVIDER_SENDS) },
  },
  { files: ['src/modules/staff/sessions/**'], rules: { 'no-restricted-imports': restricted(PROVIDER_SENDS, WEB_PUSH, LINKEDOM) } },
  { files: ['src/modules/messaging/**', ...PROVIDER_CLIENTS], rules: { 'no-restricted-imports': restricted(END_SESSIONS, LINKEDOM) } },
  { files: [CHART_DOM], rules: { 'no-restricted-imports': restricted(END_SESSIONS, PROVIDER_SENDS, WEB_PUSH) } },
  // Public pages link with plain <a>: each is a prerendered, cacheable document, and next/link's code and viewport
  // prefetches would cost visitors on slow phones more than a page load does (docs/decisions/0013-front-end-budget.md).
  {
    files: [
      'src/components/**',
      'src/app/(site)/**',
      'src/app/not-found.tsx',
      'src/modules/leads/form/**',
      'src/modules/site/**',
      'src/modules/districts/**',
      'src/modules/inspections/buyer/pages/**',
    ],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  { ignores: ['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'drizzle/**'] },
];

export default config;
