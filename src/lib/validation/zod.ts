import { z } from 'zod';

/**
 * Zod, configured once for the whole project: import `z` from here, never from 'zod'. Zod compiles object parsers
 * with `new Function` when it may, and probes for that when a schema is built; under our CSP (no 'unsafe-eval')
 * the probe alone reports a violation in every browser. Parsing without it is fast enough for forms.
 */
z.config({ jitless: true });

export { z };
