// The embedded database (PGlite) as this project opens it: its settings and how an answered write reaches the disk.
// Plain JavaScript so the bench's bare-insert floor (scripts/bench) opens PGlite exactly as the server does.
// Why: docs/decisions/0105-embedded-database-footprint.md and 0106-durability-of-an-answered-lead.md; the figures:
// docs/benchmarks/0105-embedded-database-footprint.md and 0106-durability-of-an-answered-lead.md.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fdatasyncSync, fsyncSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Parser as WireParser } from 'pg-protocol/dist/parser.js';
import { childProcessEnv } from '../child-env.mjs';

/**
 * postgresql.conf of the embedded database. PGlite's defaults are a server's: 128 MB of shared buffers (most of a
 * small VPS's memory, resident within minutes), 64 MB for VACUUM, and WAL kept up to 1 GB.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'maintenance_work_mem = 16MB',
  // After a checkpoint at most this much WAL is kept for reuse (PGlite has no checkpointer of its own: see
  // src/lib/db/maintenance.ts).
  'min_wal_size = 32MB',
  'max_wal_size = 64MB',
  // WAL flushes go through fsync(), which the file system below sees (fdatasync() never reaches it).
  'wal_sync_method = fsync',
];

/**
 * PGlite's start-up flags without `-F` ("fsync off"): PostgreSQL then asks for every fsync it needs (WAL at commit,
 * data files and pg_control at a checkpoint), and SyncedNodeFS carries them out.
 */
const startParams = (fsync) => (fsync ? PGlite.defaultStartParams.filter((flag) => flag !== '-F') : PGlite.defaultStartParams);

/**
 * Node's file system under PGlite, with the fsync that PGlite's build leaves out. PostgreSQL's own fsyncs of data
 * files, pg_control and directories (checkpoints, start-up) happen at once. An fsync of the WAL at commit is only
 * noted, and `flushWal()` (run by the client below after every call) does it in the background, one fsync per file
 * for all the commits made meanwhile (group commit): the one thread that runs PostgreSQL keeps working while the disk
 * flushes. Before any other fsync the noted WAL is flushed first, so nothing reaches the disk ahead of its WAL.
 */
class SyncedNodeFS extends NodeFS {
  #walDir;
  /** Files (WAL segments, the pg_wal directory) whose fsync PostgreSQL asked for and that are not yet flushed. */
  #walToSync = new Set();
  #asked = 0;
  #flushed = 0;
  #flushing;
  #batches = 0;
  #failure;

  #grouped;
  /** WAL segments flushed lately, by path: their handles, kept open (#syncSegment). */
  #segments = new Map();

  /** `grouped`: WAL fsyncs wait for flushWal() (the fast path); otherwise each is done at once, as PostgreSQL asks. */
  constructor(dataDir, grouped = true) {
    super(dataDir);
    this.#walDir = path.join(this.rootDir, 'pg_wal');
    this.#grouped = grouped;
  }

  async init(pg, opts) {
    const result = await super.init(pg, opts);
    result.emscriptenOpts.preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        const file = mod.NODEFS.realPath(stream.node);
        const wal = file === this.#walDir || path.dirname(file) === this.#walDir;
        if (wal) {
          this.#walToSync.add(file);
          this.#asked++;
          if (this.#grouped) return 0;
        }
        try {
          this.#flushWalNow();
          if (!wal) fsyncSync(stream.nfd);
          return 0;
        } catch (error) {
          this.#fail(error);
          throw new mod.FS.ErrnoError(29); // EIO: PostgreSQL treats a failed fsync as fatal
        }
      };
    });
    return result;
  }

  /** WAL fsyncs PostgreSQL asked for, how many of them are done, and in how many background batches. */
  get walSyncs() {
    return { asked: this.#asked, flushed: this.#flushed, batches: this.#batches };
  }

  /** Resolves once every WAL fsync PostgreSQL asked for before this call is on disk. */
  async flushWal() {
    const target = this.#asked;
    while (this.#flushed < target) {
      if (this.#failure) throw this.#failure;
      this.#flushing ??= this.#flushBatch().finally(() => (this.#flushing = undefined));
      await this.#flushing;
    }
  }

  async #flushBatch() {
    const upTo = this.#asked;
    const files = [...this.#walToSync];
    this.#walToSync.clear();
    this.#batches++;
    try {
      await Promise.all(files.map((file) => (isSegmentName(file) ? this.#syncSegment(file) : syncFile(file, this.#isSegment(file)))));
    } catch (error) {
      this.#fail(error);
      throw error;
    }
    this.#flushed = Math.max(this.#flushed, upTo);
    this.#closeOldSegments();
  }

  /**
   * fdatasync of a WAL segment through a handle kept open: one call to the thread pool, where an open, a sync and a
   * close are three, and a commit's answer waits for a turn of the event loop after each (under staff's work, each
   * turn can wait for a statement). A segment's name is never given to another file (a recycled segment is renamed to
   * a new one), so a handle found by name is that file's.
   */
  async #syncSegment(file) {
    let handle = this.#segments.get(file);
    if (!handle) {
      handle = open(file, 'r').catch((error) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      this.#segments.set(file, handle);
    }
    const opened = await handle.catch((error) => {
      this.#segments.delete(file);
      throw error;
    });
    if (!opened) {
      // Removed after a checkpoint: it no longer matters.
      this.#segments.delete(file);
      return;
    }
    await opened.datasync();
  }

  /**
   * After a batch, the oldest handles beyond OPEN_SEGMENTS_MAX are closed. Not during one: a large transaction's batch
   * can hold more segments than that, and a handle closed there could still be waiting for its sync.
   */
  #closeOldSegments() {
    for (const [file, handle] of this.#segments) {
      if (this.#segments.size <= OPEN_SEGMENTS_MAX) break;
      this.#segments.delete(file);
      void handle.then((opened) => opened?.close()).catch(() => {});
    }
  }

  async closeFs() {
    const handles = [...this.#segments.values()];
    this.#segments.clear();
    await Promise.all(handles.map((handle) => handle.then((opened) => opened?.close()).catch(() => {})));
    await super.closeFs();
  }

  /** A WAL segment, flushed with fdatasync (syncFile); the pg_wal directory itself needs a full fsync. */
  #isSegment(file) {
    return file !== this.#walDir;
  }

  #flushWalNow() {
    const upTo = this.#asked;
    for (const file of this.#walToSync) {
      const fd = openFile(file);
      if (fd === undefined) continue;
      try {
        (this.#isSegment(file) ? fdatasyncSync : fsyncSync)(fd);
      } finally {
        closeSync(fd);
      }
    }
    this.#walToSync.clear();
    this.#flushed = Math.max(this.#flushed, upTo);
  }

  /**
   * Like PostgreSQL after a failed fsync: stop, so that a restart recovers from what is on disk. (Retrying is not
   * safe: the kernel may have dropped the pages it could not write and report the next fsync as a success.)
   */
  #fail(error) {
    this.#failure ??= new Error('The embedded database could not write its files to disk.', { cause: error });
    console.error(`[db] fsync failed (${error?.code ?? error}): stopping so that a restart recovers from the disk`);
    setImmediate(() => process.exit(1));
  }
}

/** WAL segments' names: 24 hexadecimal digits (pg_wal also holds a new segment's temporary file, under another name). */
const isSegmentName = (file) => /^[0-9A-F]{24}$/.test(path.basename(file));
/** WAL segments whose handles stay open: PostgreSQL writes one at a time, two around a switch to the next. */
const OPEN_SEGMENTS_MAX = 4;

/**
 * Flushes a WAL file by path; a segment removed or recycled after a checkpoint no longer matters. A segment gets
 * fdatasync, as PostgreSQL itself does on Linux: its content and size reach the disk, only its modification time
 * may not, which saves a journal commit per flush. The pg_wal directory (a new segment's name) gets a full fsync.
 */
async function syncFile(file, isSegment) {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  try {
    await (isSegment ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

function openFile(file) {
  try {
    return openSync(file, 'r');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates the database files in a child process that then exits: initdb runs a second WebAssembly PostgreSQL, so
 * initdb's memory leaves with the child process.
 */
function createDatabaseFiles(dir) {
  const pglite = createRequire(path.join(process.cwd(), 'package.json')).resolve('@electric-sql/pglite');
  const script = `require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); })`;
  execFileSync(process.execPath, ['-e', script, pglite, dir], { stdio: ['ignore', 'ignore', 'inherit'], env: childProcessEnv() });
}

/**
 * Opens PGlite in `dir` (undefined: in memory), empty or from `loadDataDir` (a dumpDataDir() tarball: a restore) with
 * PGLITE_SETTINGS. With `fsync` (the default) every call that committed resolves only after its WAL is on disk: an
 * answered write survives a power loss, not only a crash of the process. Without it, writes reach the operating
 * system at once and the disk when the OS writes them back. `fastPath` (src/lib/db/README.md): named statements in
 * transactions and WAL fsyncs grouped in the background; off, neither (the same results, slower).
 */
export async function createPglite(dir, { fsync = true, loadDataDir, fastPath = true, exclusive } = {}) {
  const synced = Boolean(dir) && fsync;
  if (dir && !loadDataDir && !existsSync(path.join(dir, 'PG_VERSION'))) createDatabaseFiles(dir);
  const fs = synced ? new SyncedNodeFS(dir, fastPath) : undefined;
  const client = new PGlite({
    ...(fs ? { fs } : { dataDir: dir ?? 'memory://' }),
    loadDataDir,
    relaxedDurability: false,
    startParams: startParams(synced),
    postgresqlconf: PGLITE_SETTINGS,
    // The inbox search's trigram index (src/lib/db/large-indexes.ts): a database that has it needs it at every open.
    extensions: { pg_trgm },
  });
  await client.waitReady;
  if (fastPath) offerFasterStatements(client);
  if (exclusive) {
    // Each call through the caller's gate (src/lib/db/priority.ts), which decides who goes next; the WAL flush below
    // stays outside it, so commits still share their fsyncs.
    for (const method of ['query', 'exec', 'transaction']) {
      const call = client[method].bind(client);
      client[method] = (...args) => exclusive(() => call(...args), typeof args[0] === 'string' ? args[0] : `a ${method}`);
    }
  }
  if (fs) {
    // Every way in that can commit (sql() goes through query()): a call returns once what it committed is on disk.
    for (const method of ['query', 'exec', 'transaction']) {
      const call = client[method].bind(client);
      client[method] = async (...args) => {
        const result = await call(...args);
        await fs.flushWal();
        return result;
      };
    }
  }
  return { client, fsync: synced, walSyncs: () => fs?.walSyncs };
}

/** The texts one database names at most: a caller's statements are a handful; past this many, the rest run unnamed. */
const NAMED_STATEMENTS_MAX = 100;

/**
 * Statements as PGlite runs them, in fewer calls and read by a faster parser (docs/decisions/0456). PGlite's query()
 * parses, describes, binds and executes every statement afresh, in six calls into PostgreSQL, and reads the answer with
 * its own copy of pg-protocol's parser, which copies every field of every row before decoding it (docs/benchmarks/0452,
 * 0455). Here a statement outside a transaction is parsed and described in one call, then bound and run in another; in
 * a transaction, `tx.namedStatements` keeps a statement parsed once per database, then only bound and run, in one call
 * (docs/decisions/0370-a-leads-request-cost.md; src/lib/db/prepared.ts sends the statements it builds once through it).
 * Every answer comes as PostgreSQL's bytes (`execProtocolRawStream`, PGlite's documented way around its wrappers) and is
 * read by pg-protocol's own parser, the one node-postgres uses. query()'s contract stays: the same results (`parse`,
 * exported by PGlite), the same errors (pg-protocol's DatabaseError, PGlite's too), under the same locks
 * (`_runExclusiveTransaction` outside a transaction, then `runExclusive`, as PGlite's query() takes them). A call with
 * options this does not handle (a blob, parameter types, a notice callback) goes to PGlite's own query().
 */
function offerFasterStatements(client) {
  /** text → its name, its parameters' types and its rows' description, once PostgreSQL has parsed it. */
  const named = new Map();

  /** Sends `messages` and answers PostgreSQL's answers; the first error is thrown once all of them are read. */
  async function send(...messages) {
    const answer = [];
    await client.execProtocolRawStream(Buffer.concat(messages), {
      syncToFs: false,
      // A view of PostgreSQL's output buffer, reused by the next call: copied once, whole.
      onRawData: (bytes) => answer.push(Buffer.from(bytes)),
    });
    const messagesIn = [];
    let error;
    new WireParser().parse(answer.length === 1 ? answer[0] : Buffer.concat(answer), (message) => {
      if (message.name === 'error') error ??= message;
      else messagesIn.push(message);
    });
    if (error) throw error;
    return messagesIn;
  }

  /** Parses and describes `text` as statement `name` ('' is the unnamed statement). */
  async function described(text, name = '') {
    const answer = await send(
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    // Its rows' description too, so that a run sends none (it does not change between runs).
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((m) => m.name === 'rowDescription'),
    };
  }

  /** `text` named once per database; past NAMED_STATEMENTS_MAX texts, unnamed. */
  async function namedStatementOf(text) {
    let statement = named.get(text);
    if (statement) return statement;
    if (named.size >= NAMED_STATEMENTS_MAX) return described(text);
    statement = await described(text, `pglite_statement_${named.size + 1}`);
    named.set(text, statement);
    return statement;
  }

  // A caller's parsers over the database's, merged once per caller (parseResults would copy them all at every call).
  const merged = new WeakMap();
  const parsersOf = ({ parsers }) => {
    if (!parsers) return client.parsers;
    if (!merged.has(parsers)) merged.set(parsers, { ...client.parsers, ...parsers });
    return merged.get(parsers);
  };

  /** Binds and runs `statement` (PGlite's query lock held), and answers as query() does. */
  async function run(statement, params, options) {
    // Each value as query() sends it: by its parameter's type, else as text.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options.serializers?.[statement.paramTypes[i]] ?? client.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const ran = await send(
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    const messages = statement.rowDescription ? [statement.rowDescription, ...ran] : ran;
    return parse.parseResults(messages, parsersOf(options), { rowMode: options.rowMode })[0];
  }

  const handled = (options) => !options.blob && !options.paramTypes && !options.onNotice;

  const query = client.query.bind(client);
  client.query = async (text, params = [], options = {}) => {
    if (!handled(options)) return query(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => client.runExclusive(async () => run(await described(text), params, options)));
  };

  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      // Statements in a transaction already hold PGlite's transaction lock: only its query lock is taken here.
      const inTransaction =
        (statementOf) =>
        async (text, params = [], options = {}) => {
          if (!handled(options)) return txQuery(text, params, options);
          return client.runExclusive(async () => {
            if (tx.closed) throw new Error('Transaction is closed');
            return run(await statementOf(text), params, options);
          });
        };
      const txQuery = tx.query.bind(tx);
      return callback(
        Object.assign(tx, {
          query: inTransaction(described),
          namedStatements: { query: inTransaction(namedStatementOf) },
        }),
      );
    });
}
