import { config } from 'zod';

/**
 * Zod's configuration for the whole project; every module that builds schemas imports this first (a lint rule
 * checks it). Zod compiles object parsers with `new Function` when it may, and probes for that when a schema is
 * built; under our CSP (no 'unsafe-eval') the probe alone reports a violation in every browser. Parsing without it
 * is fast enough for forms. (A side-effect module rather than a re-exported `z`, which would defeat tree-shaking
 * and ship every Zod locale to browsers.)
 */
config({ jitless: true });
