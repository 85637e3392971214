import path from 'node:path';

// Resolved from the project's node_modules (three folders up), built into .next-baseline beside the project's.
const config = {
  poweredByHeader: false,
  distDir: '../../../.next-baseline',
  turbopack: { root: path.resolve(import.meta.dirname, '../../..') },
};

export default config;
