import path from 'node:path';
import { MODULES, placeOf, RANKS, repoPath } from '../project-map.mjs';

/**
 * Imports point down (docs/decisions/0407-one-home-per-capability.md): a file of src imports its own rank and those
 * below it (content → lib → components → modules → app); a module imports only modules before it in MODULES, and
 * only through their entries: src/modules/<name> (code safe anywhere), <name>/server (server code), <name>/ui (React
 * components that render anywhere) and <name>/ui.server (server components); neither of the first two reaches React
 * components, so a command run by tsx can load them. content imports nothing
 * but types of src/lib. serving/ (plain Node.js, in front of the app) imports only src/lib of src, and src nothing of
 * serving/. Tests may reach inside a module.
 */
const ENTRY = /^src\/modules\/[^/]+(\/(index|server|ui|ui\.server))?(\.ts)?$/;

const layers = {
  meta: {
    type: 'problem',
    messages: {
      unranked: '{{file}} is in no rank of src (content, lib, components, modules, app): move it into one.',
      upward: 'src/{{from}} may not import src/{{to}}: imports point down ({{ranks}}).',
      content: 'src/content is data: it imports nothing but types of src/lib ({{source}}).',
      moduleUpward: 'The {{from}} module may not import the {{to}} module: modules depend one way ({{order}}).',
      unknownModule: 'src/modules/{{name}} is not in the module map (eslint/project-map.mjs, MODULES).',
      entry:
        "Import the {{to}} module through its entries ('@/modules/{{to}}', '@/modules/{{to}}/server' or '@/modules/{{to}}/ui.server'), not {{source}}.",
      ownEntry: 'Inside the {{module}} module, import its files by their relative paths, not its own entry ({{source}}).',
      serving:
        'src may not import serving/ ({{source}}): what the production server hands the app goes through src/lib/server-hand-over.mjs.',
      intoSrc: 'serving/ may import only src/lib of src (not {{source}}): it runs in plain Node.js, in front of the app.',
    },
  },
  create(context) {
    const file = repoPath(context.filename);
    if (/\.test\.m?[jt]sx?$/.test(file) || file.startsWith('tests/')) return {};
    const from = placeOf(file) ?? (file.startsWith('scripts/') ? {} : undefined);
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
      const to = placeOf(target);
      if (from?.rank === 'serving') {
        if (target.startsWith('src/') && !target.startsWith('src/lib/')) context.report({ node, messageId: 'intoSrc', data: { source } });
        return;
      }
      if (to?.rank === 'serving') return context.report({ node, messageId: 'serving', data: { source } });
      if (!to?.rank) return;
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
      if (from?.rank === 'content') {
        if (to.rank !== 'content' && !(typeOnly && to.rank === 'lib')) context.report({ node, messageId: 'content', data: { source } });
        return;
      }
      if (from?.rank && RANKS.indexOf(to.rank) > RANKS.indexOf(from.rank))
        return context.report({ node, messageId: 'upward', data: { from: from.rank, to: to.rank, ranks: RANKS.join(' → ') } });
      if (!to.module) return;
      if (!MODULES.includes(to.module)) return context.report({ node, messageId: 'unknownModule', data: { name: to.module } });
      if (from?.module === to.module) {
        if (ENTRY.test(target)) context.report({ node, messageId: 'ownEntry', data: { module: to.module, source } });
        return;
      }
      if (!ENTRY.test(target)) return context.report({ node, messageId: 'entry', data: { to: to.module, source } });
      if (from?.module && MODULES.indexOf(to.module) > MODULES.indexOf(from.module))
        context.report({ node, messageId: 'moduleUpward', data: { from: from.module, to: to.module, order: MODULES.join(' → ') } });
    };
    return {
      Program(node) {
        if (file.startsWith('src/') && from.rank === undefined) context.report({ node, messageId: 'unranked', data: { file } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default layers;
