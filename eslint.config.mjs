import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import project from './eslint/plugin.mjs';

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
  // Sessions end only through src/modules/staff/sessions, which ends their push alerts with them
  // (docs/decisions/0386-staff-sessions-round-3.md).
  {
    ignores: ['src/modules/staff/sessions/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@/modules/staff/server', importNames: ['revokeSessions', 'endAlerts'], message: 'End sessions with endSessions.' },
          ],
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
        },
      ],
    },
  },
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
