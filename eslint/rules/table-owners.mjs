import fs from 'node:fs';
import path from 'node:path';
import { placeOf, repoPath, ROOT, TABLES } from '../project-map.mjs';

/**
 * Each table has one owner (eslint/project-map.mjs, TABLES; docs/decisions/0407-one-home-per-capability.md): only
 * its module writes it, and the modules it names in `reads` may read it in their queries. Neither its Drizzle table
 * nor its SQL name in a statement's text is used anywhere else. Every table of the schema is in the map. The schema,
 * migrations, tests and scripts may name any table.
 */
const SCHEMA = 'src/lib/db/schema.ts';

let cached;
/** The schema's tables: Drizzle name → SQL name, read from the schema's text once a run. */
function schemaTables() {
  if (cached) return cached;
  const text = fs.readFileSync(path.join(ROOT, SCHEMA), 'utf8');
  cached = new Map([...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1], m[2]]));
  return cached;
}

const WRITES = new Set(['insert', 'update', 'delete']);

const tableOwners = {
  meta: {
    type: 'problem',
    messages: {
      unmapped: 'The table {{name}} has no owner: add it to TABLES in eslint/project-map.mjs.',
      foreign: '{{name}} belongs to the {{owner}} module: call its entry instead (or grant a read in eslint/project-map.mjs).',
      write: '{{name}} belongs to the {{owner}} module: only it writes the table. Call its entry instead.',
      namespace: "Import the schema's tables by name: each belongs to one module (eslint/project-map.mjs).",
    },
  },
  create(context) {
    const file = repoPath(context.filename);
    if (file === SCHEMA) {
      return {
        VariableDeclarator(node) {
          const name = node.id.type === 'Identifier' ? node.id.name : undefined;
          const table =
            node.init?.type === 'CallExpression' && node.init.callee.type === 'Identifier' && node.init.callee.name === 'pgTable';
          if (name && table && !TABLES[name]) context.report({ node, messageId: 'unmapped', data: { name } });
        },
      };
    }
    // Copy (src/content) is words, never SQL: "plots from ₦1,500,000" names no table.
    if (/^(src\/lib\/db|src\/content|drizzle|tests|scripts)\/|\.test\.m?[jt]sx?$/.test(file)) return {};
    const place = placeOf(file);
    if (!place?.rank) return {};
    const tables = schemaTables();
    const me = place.module ?? place.rank;
    /** What this file may do with a table: 'own', 'read', or undefined. */
    const access = (name) => {
      const entry = TABLES[name];
      if (!entry) return undefined;
      if (entry.owner === me) return 'own';
      return entry.reads.includes(me) ? 'read' : undefined;
    };
    const bySql = new Map([...tables].map(([name, sql]) => [sql, name]));
    const sqlPattern = new RegExp(`\\b(${[...bySql.keys()].join('|')})\\b`, 'g');
    const readOnly = new Map(); // local identifier → table name
    const imports = (node) => {
      const source = String(node.source?.value ?? '');
      if (source !== '@/lib/db/schema' && !/(^|\/)db\/schema(\.ts)?$/.test(source)) return;
      if (node.type === 'ExportAllDeclaration') return context.report({ node, messageId: 'namespace' });
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type === 'ImportNamespaceSpecifier' || specifier.type === 'ExportNamespaceSpecifier') {
          context.report({ node: specifier, messageId: 'namespace' });
          continue;
        }
        const name = specifier.type === 'ImportSpecifier' ? specifier.imported.name : specifier.local?.name;
        if (!tables.has(name)) continue;
        const can = access(name);
        if (!can) context.report({ node: specifier, messageId: 'foreign', data: { name, owner: TABLES[name]?.owner ?? 'no' } });
        else if (can === 'read') readOnly.set(specifier.local.name, name);
      }
    };
    const text = (node, value) => {
      // Copy is not SQL: src/content imports nothing that reaches the database (project/layers), so a sentence there
      // may say "plots" (a table's name since docs/decisions/0412).
      if (place.rank === 'content') return;
      for (const m of String(value).matchAll(sqlPattern)) {
        const name = bySql.get(m[1]);
        const can = access(name);
        const owner = TABLES[name]?.owner ?? 'no';
        if (!can) context.report({ node, messageId: 'foreign', data: { name: m[1], owner } });
        else if (can === 'read' && new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${m[1]}\\b`, 'i').test(String(value)))
          context.report({ node, messageId: 'write', data: { name: m[1], owner } });
      }
    };
    return {
      ImportDeclaration: imports,
      ExportNamedDeclaration: imports,
      ExportAllDeclaration: imports,
      CallExpression(node) {
        const callee = node.callee;
        const arg = node.arguments[0];
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && WRITES.has(callee.property.name))
          if (arg?.type === 'Identifier' && readOnly.has(arg.name))
            context.report({
              node,
              messageId: 'write',
              data: { name: readOnly.get(arg.name), owner: TABLES[readOnly.get(arg.name)].owner },
            });
      },
      TemplateElement: (node) => text(node, node.value.raw),
      // A plain string counts when it reads as SQL (a cookie may share a table's name).
      Literal: (node) =>
        typeof node.value === 'string' && /\b(select|insert|update|delete|from|join)\b/i.test(node.value) && text(node, node.value),
    };
  },
};

export default tableOwners;
