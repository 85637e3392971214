/**
 * A *.server.ts module, and a module's server entry (src/modules/<name>/server.ts), imports 'server-only' so that no
 * browser bundle can ever include it (the build fails).
 */
const serverOnly = {
  meta: { type: 'problem', messages: { missing: "A server module must import 'server-only'." } },
  create(context) {
    const file = context.filename.split('\\').join('/');
    if (!/\.server\.tsx?$/.test(file) && !/\/src\/modules\/[^/]+\/server\.ts$/.test(file)) return {};
    return {
      Program(node) {
        const imports = node.body.some((s) => s.type === 'ImportDeclaration' && s.source.value === 'server-only');
        if (!imports) context.report({ node, messageId: 'missing' });
      },
    };
  },
};

export default serverOnly;
