import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** The Drizzle tables of a lead (src/lib/db/schema.ts), by their names before and after the rename of 0381. */
const LEAD_TABLES = new Set([
  'leads',
  'interestSubmissions',
  'leadNotifications',
  'leadActivity',
  'leadNotes',
  'inspectionSchedules',
  'inspectionSlots',
  'inspectionBookings',
  'inspectionMessages',
  'leadMessages',
  'messageOptOuts',
]);
/** The same tables by their SQL names, as a statement's text would name them. */
const LEAD_TABLE_SQL =
  /\b(interest_submissions|lead_notifications|lead_activity|lead_notes|inspection_schedules|inspection_slots|inspection_bookings|inspection_messages|lead_messages|message_opt_outs)\b/;

/** The layers of src, top first: a file may import its own layer and those below it (the rule `layers`). */
const LAYERS = {
  ranks: { app: 3, features: 2, domain: 1, lib: 0 },
  /** Where a repository path sits: its layer and rank (src/features/<x>: also x), `src` for the rest of src, or `serving`. */
  of(file) {
    if (file.startsWith('serving/')) return { layer: 'serving' };
    const match = /^src\/(app|features|domain|lib)\/(?:([^/]+)\/)?/.exec(file);
    if (match) return { layer: match[1], rank: this.ranks[match[1]], feature: match[1] === 'features' ? match[2] : undefined };
    return file.startsWith('src/') ? { layer: 'src' } : undefined;
  },
};

/** Project rules that keep the layout honest (README, "What is where"). */
const project = {
  rules: {
    // A *.server.ts module imports 'server-only' so that no browser bundle can ever include it (the build fails).
    'server-only': {
      meta: { type: 'problem', messages: { missing: "A *.server.ts module must import 'server-only'." } },
      create(context) {
        if (!/\.server\.tsx?$/.test(context.filename)) return {};
        return {
          Program(node) {
            const imports = node.body.some((s) => s.type === 'ImportDeclaration' && s.source.value === 'server-only');
            if (!imports) context.report({ node, messageId: 'missing' });
          },
        };
      },
    },
    // Zod's configuration (src/lib/validation/zod-config.ts) is imported before Zod itself, so it applies to every schema.
    // The settings' schema (src/lib/env-schema.ts) is the exception: serving/server.mjs loads it in plain Node.js, where
    // '@/' does not resolve, and it never runs in a browser, the only place the configuration matters.
    'zod-configured': {
      meta: { type: 'problem', messages: { missing: "Import '@/lib/validation/zod-config' before 'zod'." } },
      create(context) {
        return {
          Program(node) {
            const imports = node.body.filter((s) => s.type === 'ImportDeclaration');
            const zod = imports.findIndex((s) => s.source.value === 'zod' && s.importKind !== 'type');
            const configured = imports.findIndex((s) => s.source.value === '@/lib/validation/zod-config');
            if (zod >= 0 && !/(zod-config|env-schema)\.ts$/.test(context.filename) && (configured < 0 || configured > zod))
              context.report({ node: imports[zod], messageId: 'missing' });
          },
        };
      },
    },
    // Layers point down only (docs/decisions/0383-layers-point-down.md): src/app → src/features → src/domain → src/lib.
    // A file imports its own layer and those below it, and a feature no other feature: what two features share lives in
    // src/domain (business rules) or src/lib (infrastructure). src imports nothing of serving/ (the production server
    // hands the app what it has through src/lib/server-hand-over.mjs); serving/, which runs in plain Node.js, imports of
    // src only src/lib (the hand-over, the settings, the CSP). The rest of src (instrumentation, proxy, components,
    // content) and the tests stand outside the layers.
    layers: {
      meta: {
        type: 'problem',
        messages: {
          upward: 'src/{{from}} may not import src/{{to}}: layers point down only (app → features → domain → lib).',
          crossing: 'src/features/{{from}} may not import src/features/{{to}}: move what both need into src/domain or src/lib.',
          serving:
            'src may not import serving/ ({{source}}): what the production server hands the app goes through src/lib/server-hand-over.mjs.',
          intoSrc: 'serving/ may import only src/lib of src (not {{source}}): it runs in plain Node.js, in front of the app.',
        },
      },
      create(context) {
        const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
        if (/\.test\.m?[jt]sx?$/.test(file)) return {};
        const from = LAYERS.of(file);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.type === 'Literal' ? String(node.source.value) : undefined;
          if (!source) return;
          const target = source.startsWith('@/')
            ? `src/${source.slice(2)}`
            : source.startsWith('.')
              ? path.posix.normalize(path.posix.join(path.posix.dirname(file), source))
              : undefined;
          if (!target) return;
          if (from.layer === 'serving') {
            if (target.startsWith('src/') && !target.startsWith('src/lib/'))
              context.report({ node, messageId: 'intoSrc', data: { source } });
            return;
          }
          if (target.startsWith('serving/')) return context.report({ node, messageId: 'serving', data: { source } });
          const to = LAYERS.of(target);
          if (from.rank === undefined || to?.rank === undefined) return;
          if (to.rank > from.rank) context.report({ node, messageId: 'upward', data: { from: from.layer, to: to.layer } });
          else if (from.feature && to.feature && from.feature !== to.feature)
            context.report({ node, messageId: 'crossing', data: { from: from.feature, to: to.feature } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    // The lead's tables are read and written in src/domain/leads only (docs/decisions/0381-the-lead-has-a-home.md), so
    // every rule about a lead has one home: neither their Drizzle tables nor their SQL names in a statement's text are
    // used elsewhere. The schema, migrations, tests and scripts may still name them.
    'lead-tables': {
      meta: {
        type: 'problem',
        messages: {
          table:
            "{{name}} is one of the lead's tables: only src/domain/leads reads or writes it. Call its repositories or the lead's operations (src/domain/leads/operations.server.ts) instead.",
          namespace: "Import from '@/lib/db/schema' by name: its lead tables are read and written in src/domain/leads only.",
          sql: "{{name}} is one of the lead's tables: only src/domain/leads queries it. Add the query to its repositories instead.",
        },
      },
      create(context) {
        const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
        if (/^(src\/domain\/leads|src\/lib\/db|drizzle|tests|scripts)\/|\.test\.tsx?$/.test(file)) return {};
        const check = (node) => {
          const source = String(node.source?.value ?? '');
          if (source !== '@/lib/db/schema' && !/(^|\/)db\/schema(\.ts)?$/.test(source)) return;
          for (const specifier of node.specifiers ?? []) {
            if (specifier.type === 'ImportNamespaceSpecifier' || specifier.type === 'ExportNamespaceSpecifier')
              context.report({ node: specifier, messageId: 'namespace' });
            const name = specifier.type === 'ImportSpecifier' ? specifier.imported.name : specifier.local?.name;
            if (LEAD_TABLES.has(name)) context.report({ node: specifier, messageId: 'table', data: { name } });
          }
          if (node.type === 'ExportAllDeclaration') context.report({ node, messageId: 'namespace' });
        };
        const text = (node, value) => {
          const name = LEAD_TABLE_SQL.exec(String(value))?.[1];
          if (name) context.report({ node, messageId: 'sql', data: { name } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          TemplateElement: (node) => text(node, node.value.raw),
          Literal: (node) => typeof node.value === 'string' && text(node, node.value),
        };
      },
    },
  },
};

const END_SESSIONS = [
  {
    name: '@/lib/auth/session.server',
    importNames: ['revokeSessions'],
    message: 'End sessions with endSessions (src/domain/sessions).',
  },
  {
    name: '@/domain/push/subscriptions.repository.server',
    importNames: ['endAlerts'],
    message: 'Alerts end with their sessions: endSessions (src/domain/sessions).',
  },
];
const SMS_GATE = 'src/domain/leads/conversations/sms-gate.server.ts';
const SEND_SMS = [
  {
    name: '@/lib/messaging/termii.server',
    importNames: ['sendSms'],
    message: 'Send SMS with sendSmsWithinLimits (src/domain/leads/conversations/sms-gate.server.ts): its countries and daily budget.',
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { project },
    rules: {
      'project/server-only': 'error',
      'project/layers': 'error',
      'project/lead-tables': 'error',
      'project/zod-configured': 'error',
    },
  },
  // Sessions end only through src/domain/sessions, which ends their push alerts with them
  // (docs/decisions/0386-staff-sessions-round-3.md); every SMS goes through its limits' one gate
  // (docs/decisions/0402). One rule's options replace another's for the same file, so each folder gets both lists.
  {
    ignores: ['src/domain/sessions/**', SMS_GATE],
    rules: { 'no-restricted-imports': ['error', { paths: [...END_SESSIONS, ...SEND_SMS] }] },
  },
  { files: ['src/domain/sessions/**'], rules: { 'no-restricted-imports': ['error', { paths: SEND_SMS }] } },
  { files: [SMS_GATE], rules: { 'no-restricted-imports': ['error', { paths: END_SESSIONS }] } },
  // Public pages link with plain <a>: each is a prerendered, cacheable document, and next/link's code and viewport
  // prefetches would cost visitors on slow phones more than a page load does (docs/decisions/0013-front-end-budget.md).
  {
    files: ['src/components/**', 'src/app/(site)/**', 'src/app/not-found.tsx', 'src/features/lead-form/**'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  { ignores: ['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'drizzle/**'] },
];

export default config;
