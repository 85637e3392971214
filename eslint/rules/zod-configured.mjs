/**
 * Zod's configuration (src/lib/validation/zod-config.ts) is imported before Zod itself, so it applies to every schema.
 * The settings' schema (src/lib/env-schema.ts) is the exception: serving/server.mjs loads it in plain Node.js, where
 * '@/' does not resolve, and it never runs in a browser, the only place the configuration matters.
 */
const zodConfigured = {
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
};

export default zodConfigured;
