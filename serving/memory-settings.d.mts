export type SmallHeapSetting = boolean | 'auto';
export const SMALL_HEAP_BELOW_BYTES: number;
export function machineMemory(): number;
export function smallHeap(setting: SmallHeapSetting, memory?: number): boolean;
export function heapChoice(setting: SmallHeapSetting, memory?: number): string;
export function v8FlagsFor(settings: { DATABASE_URL?: string; PGLITE_SMALL_HEAP: SmallHeapSetting }, memory?: number): string[];
export const MALLOC_SETTINGS: Readonly<Record<'MALLOC_ARENA_MAX' | 'MALLOC_TRIM_THRESHOLD_' | 'MALLOC_MMAP_THRESHOLD_', string>>;
