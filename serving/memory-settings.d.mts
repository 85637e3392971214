export function v8FlagsFor(settings: { DATABASE_URL?: string; PGLITE_SMALL_HEAP: boolean }): string[];
export const MALLOC_SETTINGS: Readonly<Record<'MALLOC_ARENA_MAX' | 'MALLOC_TRIM_THRESHOLD_' | 'MALLOC_MMAP_THRESHOLD_', string>>;
