import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** The Drizzle tables of a lead (src/lib/db/schema.ts), by their names before and after the rename of 0381. */
const LEAD_TABLES = new Set(['leads', 'interestSubmissions', 'leadNotifications', 'leadActivity', 'leadNotes']);

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
    // Feature folders do not import each other; what two features share lives in src/domain (business rules) or
    // src/lib (infrastructure), and neither of those imports a feature.
    'feature-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          crossing: 'src/features/{{from}} may not import src/features/{{to}}: move what both need into src/domain or src/lib.',
          downward: 'src/{{from}} may not import src/features/{{to}}: shared code never depends on a feature.',
        },
      },
      create(context) {
        const own = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(context.filename)?.[1];
        const shared = /[\\/]src[\\/](domain|lib)[\\/]/.exec(context.filename)?.[1];
        if (!own && !shared) return {};
        return {
          ImportDeclaration(node) {
            const other = /^@\/features\/([^/]+)/.exec(String(node.source.value))?.[1];
            if (!other) return;
            if (shared) context.report({ node, messageId: 'downward', data: { from: shared, to: other } });
            else if (other !== own) context.report({ node, messageId: 'crossing', data: { from: own, to: other } });
          },
        };
      },
    },
    // The lead's tables are read and written in src/domain/leads only (docs/decisions/0381-the-lead-has-a-home.md), so
    // every rule about a lead has one home. The schema, migrations, tests and scripts may still name them.
    'lead-tables': {
      meta: {
        type: 'problem',
        messages: {
          table:
            "{{name}} is one of the lead's tables: only src/domain/leads reads or writes it. Call its repositories or the lead's operations (src/domain/leads/operations.server.ts) instead.",
          namespace: "Import from '@/lib/db/schema' by name: its lead tables are read and written in src/domain/leads only.",
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
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { project },
    rules: {
      'project/server-only': 'error',
      'project/feature-boundaries': 'error',
      'project/lead-tables': 'error',
      'project/zod-configured': 'error',
    },
  },
  // Public pages link with plain <a>: each is a prerendered, cacheable document, and next/link's code and viewport
  // prefetches would cost visitors on slow phones more than a page load does (docs/decisions/0013-front-end-budget.md).
  {
    files: ['src/components/**', 'src/app/(site)/**', 'src/app/not-found.tsx', 'src/features/lead-form/**'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  { ignores: ['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'drizzle/**'] },
];

export default config;
