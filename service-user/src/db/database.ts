import { PGlite } from '@electric-sql/pglite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import lockfile from 'proper-lockfile';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * A channel's notifications heard (LISTEN): on a connection of their own on a server (a direct one,
 * or through a pooler in session mode: in transaction mode a LISTEN hears nothing), on PGlite's one
 * connection.
 */
export interface Listening {
  /** Resolves, saying why, once notifications are no longer heard (the connection lost, the database closed, stop()). */
  lost: Promise<string>;
  /** Stops listening (once; a connection that does not close within the connect timeout is dropped). */
  stop(): Promise<void>;
}

/** PostgreSQL, embedded (PGlite, a real Postgres in a data folder) or a server (DATABASE_URL). */
export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Hears a channel's notifications (each payload to `heard`, in the order they were committed) from now on. */
  listen(channel: string, heard: (payload: string) => void): Promise<Listening>;
  close(): Promise<void>;
  /** Connections running work now, and work waiting for one (the metrics read it). */
  connections(): { inUse: number; waiting: number };
}

/** Where the database layer reports what happens outside any request (pino's shape). */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The database cannot be reached or did not answer in time: the caller may try again later. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** The work's deadline passed: its statement in flight was cancelled and no new one was started. */
export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
}

/** Another process holds the embedded database's data folder. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export const DATABASE_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 5_000 };

// The deadline of the work in progress (a request, a readiness check), without threading it through every store call.
// Only the instant is kept: a timer is set when a statement actually runs, not for every request.
interface Deadline {
  at: number;
  ms: number;
}
const deadlines = new AsyncLocalStorage<Deadline>();
const expired = (deadline: Deadline) => new DeadlineExceededError(`The work took longer than ${deadline.ms} ms.`);

/**
 * Runs work under a deadline. When it passes, the database cancels the work's statement in
 * flight and starts no new one, so what the caller answers agrees with what was committed: a
 * cancelled statement committed nothing, and one that finished before the cancel reports success.
 */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const at = performance.now() + ms;
  // Work nested in other work (local billing's webhook deliveries, in the request that made them) keeps the earlier deadline.
  const outer = deadlines.getStore();
  if (outer && outer.at <= at) return work();
  return deadlines.run({ at, ms }, work);
}

/**
 * What is left of the work's deadline in milliseconds (undefined: there is none), refused at
 * once when it has passed: a network call made for the work (Stripe, Identity Toolkit) waits no
 * longer, so nothing is still under way once the work has answered.
 */
export function deadlineRemainingMs(): number | undefined {
  const deadline = currentDeadline();
  return deadline && Math.max(1, Math.ceil(deadline.at - performance.now()));
}

/** Runs work started by a request but not part of it (the mail it queued), free of the request's deadline. */
export function outsideDeadline<T>(work: () => T): T {
  return deadlines.exit(work);
}

// SQLSTATEs of a server that is going away or refusing work, and of its statement_timeout.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg reports a lost or never-opened connection by message only.
const UNAVAILABLE_PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error)/;

/** A failure of the database's availability (not of the statement): worth a 503 and a retry. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
  return UNAVAILABLE_PG_MESSAGES.test(error.message);
}

function translated(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) return error;
  return new DatabaseUnavailableError(`database unavailable: ${(error as Error).message}`, { cause: error });
}

/** The deadline of the work in progress, refused at once if it has passed. */
function currentDeadline(): Deadline | undefined {
  const deadline = deadlines.getStore();
  if (deadline && performance.now() >= deadline.at) throw expired(deadline);
  return deadline;
}

// PGlite runs statements in this process: none can be cancelled midway, so the deadline is checked before each.
function pgliteQueryable(run: Pick<PGlite, 'query' | 'exec'>, isClosed: () => boolean): Queryable {
  const guard = () => {
    currentDeadline();
    if (isClosed()) throw new DatabaseUnavailableError('database unavailable: the embedded database is closed');
  };
  return {
    async query(sql, params) {
      guard();
      return run.query(sql, params);
    },
    async exec(sql) {
      guard();
      await run.exec(sql);
    },
  };
}

/**
 * PGlite's one connection, taken in turn. PGlite queues work itself, but what enters its queue
 * runs, however late: here, work still waiting when its deadline passes leaves the line without
 * ever running (DeadlineExceededError), so the deadline bounds the wait for the connection as it
 * does on a pool. Work that finds the connection free runs at once. (A queue library would need
 * an AbortSignal and a timer per statement; this sets a timer only for work that waits.)
 */
function oneConnection() {
  let busy = false;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else busy = false;
  };
  const turn = (deadline: Deadline | undefined) =>
    new Promise<void>((resolve, reject) => {
      let giveUp: NodeJS.Timeout | undefined;
      const start = () => {
        clearTimeout(giveUp);
        resolve();
      };
      line.push(start);
      if (deadline) {
        giveUp = setTimeout(() => {
          const place = line.indexOf(start);
          if (place >= 0) line.splice(place, 1);
          reject(expired(deadline));
        }, deadline.at - performance.now());
      }
    });
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      const deadline = currentDeadline();
      if (busy) await turn(deadline);
      else busy = true;
      try {
        return await work();
      } finally {
        release();
      }
    },
    use: () => ({ inUse: busy ? 1 : 0, waiting: line.length }),
  };
}

// A crashed holder stops refreshing the lock; after this long another process may take it.
const DATA_DIR_LOCK_STALE_MS = 10_000;

/** Where a process's lock on a PGlite data folder is: inside the folder, so it holds wherever the folder is mounted. */
export const dataDirLockPath = (dataDir: string) => join(dataDir, 'service-user.lock');

/**
 * Holds the data folder for this process alone (two PGlite processes on one folder lose each
 * other's writes), with its lock at dataDirLockPath.
 */
async function lockDataDir(dataDir: string, log?: DatabaseLog): Promise<() => Promise<void>> {
  const lockPath = dataDirLockPath(dataDir);
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: DATA_DIR_LOCK_STALE_MS,
      // Wait out a crashed holder's lock (it goes stale) before refusing.
      retries: { retries: Math.ceil((DATA_DIR_LOCK_STALE_MS * 1.5) / 1000), factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: (error) => {
        // Another process may now write the same folder: stop rather than lose its writes or ours.
        log?.warn({ err: error, dataDir }, 'the data folder lock was lost; stopping');
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw new DataDirInUseError(
      `DATA_DIR ${dataDir} is in use by another service-user process (lock ${lockPath}). ` +
        'The embedded database allows one process per data folder: stop the other process, ' +
        'choose another DATA_DIR, or set DATABASE_URL to run several replicas on PostgreSQL.',
    );
  }
}

let freshDataDir: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite. PostgreSQL's initdb takes 3–5 s on a slow machine, so it runs once per
 * process (once per test file under jest): the first database's data folder, dumped before any
 * query, is where the next ones start; or the dump given to startMemoryDatabasesFrom.
 */
async function memoryPglite(): Promise<PGlite> {
  if (freshDataDir) {
    const dump = await freshDataDir.catch(() => undefined);
    if (dump) return PGlite.create({ loadDataDir: dump });
  }
  const db = await PGlite.create();
  freshDataDir = db.dumpDataDir('none');
  // A dump that failed costs the next database its own initdb, not this one its start.
  await freshDataDir.catch(() => undefined);
  return db;
}

/**
 * Where this process's in-memory databases start from now on: the dump of a fresh data folder
 * (PGlite's dumpDataDir, before any query). The unit tests make it once per run (jest's global
 * setup), so that no test file runs initdb for its first database.
 */
export function startMemoryDatabasesFrom(dump: Blob): void {
  freshDataDir = Promise.resolve(dump);
}

/**
 * A data folder PGlite has not made yet starts where this process's in-memory databases do, when
 * it knows a fresh dump (the tests' processes: their global setup made one): initdb is not run
 * again. Otherwise (the service's own start) PGlite runs initdb in the folder.
 */
async function newFolderStart(dataDir: string): Promise<{ loadDataDir?: Blob }> {
  if (!freshDataDir || existsSync(join(dataDir, 'PG_VERSION'))) return {};
  const dump = await freshDataDir.catch(() => undefined);
  return dump ? { loadDataDir: dump } : {};
}

/** Embedded PGlite: in memory without dataDir, or in dataDir, held by this process alone. */
export async function openPglite(dataDir?: string, { log }: { log?: DatabaseLog } = {}): Promise<Database> {
  let unlock: (() => Promise<void>) | undefined;
  if (dataDir) {
    dataDir = resolve(dataDir);
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir, log);
  }
  let db: PGlite;
  try {
    db = dataDir ? await PGlite.create(dataDir, await newFolderStart(dataDir)) : await memoryPglite();
  } catch (error) {
    await unlock?.();
    throw error;
  }
  const isClosed = () => db.closed;
  const top = pgliteQueryable(db, isClosed);
  // PGlite has one connection: it runs one piece of work at a time, the rest waits its turn.
  const connection = oneConnection();
  // What listens is told when the database closes (its one connection hears its own notifications until then).
  const onClose = new Set<(why: string) => void>();
  return {
    kind: 'pglite',
    query: (sql, params) => connection.run(() => top.query(sql, params)),
    exec: (sql) => connection.run(() => top.exec(sql)),
    transaction: (work) =>
      connection.run(async () => {
        currentDeadline();
        return db.transaction((tx) => work(pgliteQueryable(tx, isClosed)));
      }),
    connections: connection.use,
    async listen(channel, heard) {
      const unlisten = await connection.run(() => {
        if (isClosed()) throw new DatabaseUnavailableError('database unavailable: the embedded database is closed');
        return db.listen(channel, heard);
      });
      let settle!: (why: string) => void;
      const lost = new Promise<string>((resolvePromise) => (settle = resolvePromise));
      onClose.add(settle);
      let stopped = false;
      return {
        lost,
        async stop() {
          if (stopped) return;
          stopped = true;
          onClose.delete(settle);
          settle('stopped');
          if (!isClosed()) await unlisten();
        },
      };
    },
    async close() {
      for (const settle of onClose) settle('the embedded database closed');
      onClose.clear();
      if (!db.closed) await db.close();
      await unlock?.();
      unlock = undefined;
    },
  };
}

export interface PostgresOptions {
  /** The pool's size (10 unless a test needs another). */
  maxConnections?: number;
  /** Opening a connection (TCP and the startup handshake) gives up after this long. */
  connectTimeoutMs?: number;
  /** The server cancels any statement running longer (a backstop; requests cancel at their own deadline). */
  statementTimeoutMs?: number;
  log?: DatabaseLog;
}

// Each statement with parameters is prepared once per connection under a name derived from its
// text: the server then skips parsing and planning it on every call (measured with bench/load.ts).
// Behind PgBouncer this needs transaction pooling with max_prepared_statements (1.21+) or session pooling.
const statementNames = new Map<string, string>();
function statement(sql: string, params?: unknown[]): pg.QueryConfig {
  if (!params) return { text: sql };
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

/** What a connection listening to notifications is called on the server (pg_stat_activity's application_name). */
export const LISTENING_APPLICATION_NAME = 'service-user notifications';

/** A PostgreSQL server through a pool whose every wait is bounded. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const { connectTimeoutMs, statementTimeoutMs } = { ...DATABASE_TIMEOUT_DEFAULTS, ...options };
  const { log } = options;
  const connection = { connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true };
  const pool = new pg.Pool({ ...connection, max: options.maxConnections ?? 10, statement_timeout: statementTimeoutMs });
  pool.on('error', (error) => log?.warn({ err: error }, 'an idle PostgreSQL connection failed'));

  // Cancelling needs a second connection: the one running the statement is busy until it ends.
  async function cancelBackend(processId: number) {
    const canceller = new pg.Client(connection);
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [processId]);
    } catch (error) {
      log?.warn({ err: error, processId }, 'could not cancel a statement past its deadline');
    } finally {
      await canceller.end().catch(() => undefined);
    }
  }

  // The connections listening to notifications (outside the pool), closed with it.
  const listeners = new Set<(why: string) => Promise<void>>();

  // A connection that was sent a cancel is never reused: a late cancel must not hit another request's statement.
  const cancelled = new WeakSet<pg.PoolClient>();

  /** A pooled connection, given up on (and handed back once it comes) when the deadline passes first. */
  function connect(deadline: Deadline | undefined): Promise<pg.PoolClient> {
    const pending = pool.connect();
    if (!deadline) return pending.catch((error) => Promise.reject(translated(error)));
    return new Promise((resolvePromise, reject) => {
      let late = false;
      const giveUp = setTimeout(() => {
        late = true;
        reject(expired(deadline));
      }, deadline.at - performance.now());
      pending.then(
        (client) => {
          clearTimeout(giveUp);
          if (late) client.release();
          else resolvePromise(client);
        },
        (error) => {
          clearTimeout(giveUp);
          reject(translated(error));
        },
      );
    });
  }

  /**
   * One statement on a connection. Past the deadline the server is asked to cancel it; if the
   * connection does not answer even that, it is closed, so the caller is never left waiting.
   */
  async function run(client: pg.PoolClient, sql: string, params?: unknown[]) {
    const deadline = currentDeadline();
    if (!deadline) {
      try {
        return await client.query(statement(sql, params));
      } catch (error) {
        throw translated(error);
      }
    }
    let forceClose: NodeJS.Timeout | undefined;
    let late = false;
    const cancel = setTimeout(() => {
      late = true;
      cancelled.add(client);
      void cancelBackend((client as pg.PoolClient & { processID: number }).processID);
      forceClose = setTimeout(() => void client.end().catch(() => undefined), connectTimeoutMs);
    }, deadline.at - performance.now());
    try {
      return await client.query(statement(sql, params));
    } catch (error) {
      if (late && (isUnavailable(error) || (error as { code?: string }).code === '57014')) {
        throw new DeadlineExceededError(expired(deadline).message, { cause: error });
      }
      throw translated(error);
    } finally {
      clearTimeout(cancel);
      clearTimeout(forceClose);
    }
  }

  const queryable = (client: pg.PoolClient): Queryable => ({
    query: async (sql, params) => ({ rows: (await run(client, sql, params)).rows }),
    exec: async (sql) => void (await run(client, sql)),
  });

  /** Work on one connection; a connection that failed is dropped from the pool, not reused. */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connect(currentDeadline());
    // A connection lost between two statements is reported as an event: without a listener it would end the process.
    const onLost = (error: Error) => log?.warn({ err: error }, 'a PostgreSQL connection in use was lost');
    client.on('error', onLost);
    let failure: unknown;
    try {
      return await work(client);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.off('error', onLost);
      const broken = cancelled.has(client) || isUnavailable(failure);
      client.release(broken ? new Error('connection not reusable', { cause: failure }) : undefined);
    }
  }

  return {
    kind: 'postgres',
    query: (sql, params) => withClient((client) => queryable(client).query(sql, params)),
    exec: (sql) => withClient((client) => queryable(client).exec(sql)),
    transaction: (work) =>
      withClient(async (client) => {
        const tx = queryable(client);
        await tx.query('BEGIN');
        try {
          const result = await work(tx);
          await tx.query('COMMIT');
          return result;
        } catch (error) {
          // Not bounded by the deadline: the rollback is what makes a cancelled request commit nothing.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    // Notifications come on a connection of their own, outside the pool, held for as long as they are heard.
    async listen(channel, heard) {
      // Named, so that an operator tells it from the pool's in pg_stat_activity.
      const client = new pg.Client({ ...connection, application_name: LISTENING_APPLICATION_NAME });
      let settle!: (why: string) => void;
      const lost = new Promise<string>((resolvePromise) => (settle = resolvePromise));
      // Ends the connection; one that does not close in time (a server gone silent) is dropped.
      let ending: Promise<void> | null = null;
      const endClient = () =>
        (ending ??= new Promise<void>((resolvePromise) => {
          const drop = setTimeout(() => {
            (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
            resolvePromise();
          }, connectTimeoutMs);
          drop.unref();
          client.end().then(
            () => (clearTimeout(drop), resolvePromise()),
            () => (clearTimeout(drop), resolvePromise()),
          );
        }));
      const lose = (why: string) => {
        settle(why);
        return endClient();
      };
      listeners.add(lose);
      void lost.then(() => listeners.delete(lose));
      client.on('error', (error) => void lose(`the listening connection failed: ${error.message}`));
      client.on('end', () => void lose('the listening connection ended'));
      client.on('notification', ({ channel: from, payload }) => {
        if (from === channel) heard(payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        await lose(`listening failed: ${(error as Error).message}`);
        throw translated(error);
      }
      return {
        lost,
        async stop() {
          settle('stopped');
          await endClient();
        },
      };
    },
    async close() {
      await Promise.all([...listeners].map((lose) => lose('the database closed')));
      await pool.end();
    },
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDatabase({ databaseUrl, dataDir, ...options }: { databaseUrl?: string; dataDir?: string } & PostgresOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, options) : openPglite(dataDir, options);
}
