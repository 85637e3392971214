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
// Every SMS goes through its limits' one gate (docs/decisions/0402): Termii's sendSms is called there only.
const SMS_GATE = 'src/modules/leads/conversations/sms-gate.server.ts';
const SEND_SMS = {
  paths: [
    { name: '@/modules/messaging/server', importNames: ['sendSms'], message: 'Send SMS with sendSmsWithinLimits (sms-gate.server.ts).' },
  ],
  patterns: [
    {
      regex: '(^|/)termii\\.server$',
      importNames: ['sendSms'],
      message: 'Send SMS with sendSmsWithinLimits (src/modules/leads/conversations/sms-gate.server.ts): its countries and daily budget.',
    },
  ],
};
/** One rule's options replace another's for the same file, so each place gets the lists that apply to it. */
const restricted = (...lists) => [
  'error',
  { paths: lists.flatMap((list) => list.paths), patterns: lists.flatMap((list) => list.patterns) },
];

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
  {
    ignores: ['src/modules/staff/sessions/**', SMS_GATE, 'src/modules/messaging/**'],
    rules: { 'no-restricted-imports': restricted(END_SESSIONS, SEND_SMS) },
  },
  { files: ['src/modules/staff/sessions/**'], rules: { 'no-restricted-imports': restricted(SEND_SMS) } },
  { files: [SMS_GATE, 'src/modules/messaging/**'], rules: { 'no-restricted-imports': restricted(END_SESSIONS) } },
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
