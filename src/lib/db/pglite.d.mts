import type { PGlite } from '@electric-sql/pglite';

export declare const PGLITE_SETTINGS: string[];
export interface WalSyncs {
  /** WAL fsyncs PostgreSQL asked for (one per commit, and one per new or recycled segment). */
  asked: number;
  /** Of those, done (counted up to the last finished batch). */
  flushed: number;
  /** Background fsync batches: several commits share one. */
  batches: number;
}
export declare function createPglite(
  dir: string | undefined,
  options?: {
    fsync?: boolean;
    loadDataDir?: Blob;
    fastPath?: boolean;
    /** Runs each query, exec and transaction (the caller's order: src/lib/db/priority.ts). */
    exclusive?: <T>(call: () => Promise<T>) => Promise<T>;
  },
): Promise<{ client: PGlite; fsync: boolean; walSyncs: () => WalSyncs | undefined }>;
