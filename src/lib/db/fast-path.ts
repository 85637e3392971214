import { switchFrom } from '../on-off';

/**
 * Whether the database's fast path is on (src/lib/db/README.md, "The fast path"): PGlite's statements in fewer calls,
 * read by pg-protocol's parser, and its grouped WAL fsyncs (pglite.mjs), statements built once and run on a
 * transaction's connection, and pg-boss's insert run as it is (prepared.ts). Each relies on something its library does
 * not document; `DB_FAST_PATH=off` runs the plain documented path instead (same results, slower), for a newcomer who
 * suspects it or an upgrade that breaks it. Read from the environment (validated at start-up by src/lib/env.server.ts),
 * so that scripts and tests follow it too.
 */
export const fastPathOn = (): boolean => switchFrom(process.env.DB_FAST_PATH, true) ?? true;
