// The memory settings `npm start` runs the server with. The Node.js flags, per database (docs/decisions/0105, 0446,
// 0452): the embedded database's heap kept near its live data on a small machine, or held to 1.3× of it as on
// PostgreSQL, which keeps V8's optimising compiler with its heap growth and young generation held back (4 MB
// semi-spaces: docs/benchmarks/0434).
import os from 'node:os';

/**
 * Below this much memory the embedded database's server keeps the small heap when PGLITE_SMALL_HEAP is auto: a 1 GB
 * VPS reports about 0.95 GiB, a 2 GB one about 1.9 GiB.
 */
export const SMALL_HEAP_BELOW_BYTES = 1.5 * 2 ** 30;

/** The memory this process may use: its control group's limit when it has one below the machine's, else the machine's. */
export function machineMemory() {
  const limit = process.constrainedMemory?.() ?? 0;
  const total = os.totalmem();
  return limit > 0 && limit < total ? limit : total;
}

/** Whether the embedded database's server keeps the small heap: PGLITE_SMALL_HEAP, or by the memory when it is auto. */
export function smallHeap(setting, memory = machineMemory()) {
  return setting === 'auto' ? memory < SMALL_HEAP_BELOW_BYTES : setting;
}

/** Which heap the embedded database's server runs with, and why, as `npm start` says it at start-up (0452). */
export function heapChoice(setting, memory = machineMemory()) {
  const small = smallHeap(setting, memory);
  const why =
    setting === 'auto' ? `PGLITE_SMALL_HEAP=auto with ${(memory / 2 ** 30).toFixed(1)} GiB` : `PGLITE_SMALL_HEAP=${small ? 'on' : 'off'}`;
  return `${small ? 'small heap, for a 1 GB server' : 'heap held to 1.3× its live data'} (${why})`;
}

/**
 * `--optimize-for-size` gives the young generation 1 MB semi-spaces whatever `--max-semi-space-size` says, so the
 * small heap names none (memory-settings.test.ts checks what each list gets).
 */
export function v8FlagsFor(settings, memory = machineMemory()) {
  if (settings.DATABASE_URL) return ['--heap-growing-percent=30', '--max-semi-space-size=4'];
  return smallHeap(settings.PGLITE_SMALL_HEAP, memory)
    ? ['--optimize-for-size', '--liftoff-only']
    : ['--heap-growing-percent=30', '--max-semi-space-size=8', '--liftoff-only'];
}

/**
 * glibc's allocator settings `npm start` runs the server with, whatever the database: two malloc arenas instead of one
 * per thread (about 20 MB, 0105), and the trim and mmap thresholds fixed at glibc's 128 kB defaults. Left to adjust
 * themselves they grew with the load, and the memory the server freed stayed with it: about 15 MB after 10,000 leads
 * (docs/decisions/0449). An operator's own values in the environment win.
 */
export const MALLOC_SETTINGS = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' });
