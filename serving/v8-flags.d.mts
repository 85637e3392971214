export function v8FlagsFor(settings: { DATABASE_URL?: string; PGLITE_SMALL_HEAP: boolean }): string[];
