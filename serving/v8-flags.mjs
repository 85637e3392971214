// The Node.js flags `npm start` runs the server with, per database (docs/decisions/0105-embedded-database-footprint.md,
// 0446-pglite-small-heap-a-setting.md): the embedded database's heap kept near its live data, or, with
// PGLITE_SMALL_HEAP=off, held to 1.3× of it as on PostgreSQL, which keeps V8's optimising compiler with its heap growth
// and young generation held back (4 MB semi-spaces: docs/benchmarks/0434).

/** @param {{ DATABASE_URL?: string, PGLITE_SMALL_HEAP: boolean }} settings */
export function v8FlagsFor(settings) {
  if (settings.DATABASE_URL) return ['--heap-growing-percent=30', '--max-semi-space-size=4'];
  return settings.PGLITE_SMALL_HEAP
    ? ['--optimize-for-size', '--max-semi-space-size=8', '--liftoff-only']
    : ['--heap-growing-percent=30', '--max-semi-space-size=8', '--liftoff-only'];
}
