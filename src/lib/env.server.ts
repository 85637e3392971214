import 'server-only';
import { DISTRICT_SLUGS } from './db/districts';
import { parseEnv, type ServerEnv } from './env-schema';

/**
 * The server's settings, read from the environment and validated once (at start-up through src/instrumentation.ts,
 * or on first use). What each setting may hold is in ./env-schema.ts.
 */

export { EnvError, parseEnv, type ServerEnv } from './env-schema';

let cached: ServerEnv | undefined;

/** The validated environment of this process (validated on the first call, then cached). */
export function getEnv(): ServerEnv {
  cached ??= parseEnv(process.env, { districtSlugs: DISTRICT_SLUGS });
  return cached;
}

/** Tests change process.env between cases; this forgets the cached result. */
export function resetEnvCache(): void {
  cached = undefined;
}
