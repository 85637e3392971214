// The memory settings `npm start` runs the server with. The Node.js flags, per database (docs/decisions/0105, 0446):
// the embedded database's heap kept near its live data, or, with PGLITE_SMALL_HEAP=off, held to 1.3× of it as on
// PostgreSQL, which keeps V8's optimising compiler with its heap growth and young generation held back (4 MB
// semi-spaces: docs/benchmarks/0434).

/** @param {{ DATABASE_URL?: string, PGLITE_SMALL_HEAP: boolean }} settings */
export function v8FlagsFor(settings) {
  if (settings.DATABASE_URL) return ['--heap-growing-percent=30', '--max-semi-space-size=4'];
  return settings.PGLITE_SMALL_HEAP
    ? ['--optimize-for-size', '--max-semi-space-size=8', '--liftoff-only']
    : ['--heap-growing-percent=30', '--max-semi-space-size=8', '--liftoff-only'];
}

/**
 * glibc's allocator settings `npm start` runs the server with, whatever the database: two malloc arenas instead of one
 * per thread (about 20 MB, 0105), and the trim and mmap thresholds fixed at glibc's 128 kB defaults. Left to adjust
 * themselves they grew with the load, and the memory the server freed stayed with it: about 15 MB after 10,000 leads
 * (docs/decisions/0449). An operator's own values in the environment win.
 */
export const MALLOC_SETTINGS = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' });
