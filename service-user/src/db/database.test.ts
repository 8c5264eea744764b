import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backends, call, deferred, fakeOnly, freshDatabase, hasSettled, request, startService, testConfig, tokenFactory, type TestApp, type Tokens } from '../testing/harness';
import { createService } from '../service';
import { DatabaseUnavailableError, deadlineRemainingMs, openPglite, openPostgres, withDeadline, type Database } from './database';
import { migrate } from './migrations';
import { openMigratedDatabase } from './start';

/** A TCP server on 127.0.0.1 that accepts connections and never answers (a hung database). */
async function blackhole() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Captures what the database layer logs. */
const recordingLog = () => {
  const lines: string[] = [];
  return { lines, info: (_: object, message: string) => lines.push(message), warn: (_: object, message: string) => lines.push(message) };
};

const contact = { firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: 'Hello', message: 'A question.' };
const countMessages = async (db: Database) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM contact_messages')).rows[0]!.n);
/**
 * The messages stored once no transaction that writes them is open any more (committed or rolled
 * back): on PostgreSQL a SHARE lock on the table waits for every such transaction; PGlite runs one
 * piece of work at a time, so the count runs after whatever was started before it.
 */
const countMessagesOnceWritesEnded = (db: Database) =>
  db.kind === 'pglite'
    ? countMessages(db)
    : db.transaction(async (tx) => {
        await tx.query('LOCK TABLE contact_messages IN SHARE MODE');
        return Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM contact_messages')).rows[0]!.n);
      });
/** Waits until the condition holds, looking again every 20 ms (for what only shows by being looked at). */
async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await sleep(20);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("in-memory PGlite databases (each a copy of the first one's fresh data folder)", () => {
  it('start empty and apart: what one holds, migrated or written, no other opened before or after it has', async () => {
    const migrated = async () => {
      const db = await openPglite();
      await migrate(db);
      return db;
    };
    const first = await migrated();
    await first.query("INSERT INTO contact_messages (firstname, lastname, email, subject, message) VALUES ('Ana', 'Pop', 'ana@example.com', 'Hi', 'One.')");
    const second = await openPglite();
    const third = await migrated();
    try {
      expect(await countMessages(first)).toBe(1);
      expect((await second.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.n).toBe(0);
      expect(await countMessages(third)).toBe(0);
      await third.query("INSERT INTO contact_messages (firstname, lastname, email, subject, message) VALUES ('Ion', 'Pop', 'ion@example.com', 'Hi', 'Two.')");
      expect(await countMessages(first)).toBe(1);
    } finally {
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});

describe('PGlite in a data folder', () => {
  it('made new in a test process, starts from the fresh dump (no initdb); opened again, is the same folder with what was written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-user-folder-'));
    const created = jest.spyOn(PGlite, 'create');
    try {
      const first = await openPglite(dataDir);
      await migrate(first);
      await first.query("INSERT INTO contact_messages (firstname, lastname, email, subject, message) VALUES ('Ana', 'Pop', 'ana@example.com', 'Hi', 'One.')");
      await first.close();
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      // Opened again, it is the folder as it was: a dump loaded over it would be refused (it exists).
      const second = await openPglite(dataDir);
      expect(await countMessages(second)).toBe(1);
      await second.close();
      const options = created.mock.calls.map(([, opened]) => opened as { loadDataDir?: Blob } | undefined);
      expect(options.map((opened) => opened?.loadDataDir instanceof Blob)).toEqual([true, false]);
    } finally {
      created.mockRestore();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('deadlines', () => {
  it('keeps the earlier deadline for work nested in other work (a request delivering events to its own webhook)', async () => {
    const nested = await withDeadline(1_000, () => withDeadline(60_000, async () => deadlineRemainingMs()));
    expect(nested).toBeLessThanOrEqual(1_000);
    expect(await withDeadline(60_000, () => withDeadline(1_000, async () => deadlineRemainingMs()))).toBeLessThanOrEqual(1_000);
    expect(deadlineRemainingMs()).toBeUndefined();
  });
});

describe('starting against a database that accepts connections and never answers', () => {
  it('logs one line per attempt, waits longer each time, and gives up with a clear error', async () => {
    const hung = await blackhole();
    const log = recordingLog();
    const waits: number[] = [];
    try {
      const opening = openMigratedDatabase({
        databaseUrl: `postgres://postgres@127.0.0.1:${hung.port}/test`,
        connectTimeoutMs: 200,
        attempts: 3,
        log,
        wait: async (ms) => void waits.push(ms),
      });
      await expect(opening).rejects.toThrow(DatabaseUnavailableError);
      await expect(opening).rejects.toThrow(/could not be reached in 3 attempts/);
    } finally {
      await hung.close();
    }
    // Each attempt ended by its connect timeout (a hung attempt would never end: no line, no error).
    expect(log.lines).toEqual([
      expect.stringMatching(/^database not reachable at start \(attempt 1 of 3\): .*timeout.*; retrying in 500 ms$/),
      expect.stringMatching(/^database not reachable at start \(attempt 2 of 3\): .*; retrying in 1000 ms$/),
      expect.stringMatching(/^database not reachable at start \(attempt 3 of 3\): .*; giving up$/),
    ]);
    expect(waits).toEqual([500, 1000]);
  });
});

describe.each(backends)('database faults on %s', (backend) => {
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await tokenFactory();
  });

  it('answers /readyz 503 at its own short timeout (READY_TIMEOUT_MS) when the database does not answer', async () => {
    const db = await freshDatabase(backend);
    try {
      const asked = deferred();
      const hanging: Database = {
        ...db,
        query: () => {
          asked.resolve();
          return new Promise(() => undefined);
        },
      };
      const { app } = await createService(testConfig({ READY_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '10000' }), { db: hanging });
      // The readiness check's timer, faked: it is set as the database is asked.
      fakeOnly('setTimeout', 'clearTimeout');
      const response = request(app, '/readyz');
      await asked.promise;
      jest.advanceTimersByTime(199);
      expect(await hasSettled(response)).toBe(false);
      jest.advanceTimersByTime(1);
      expect(await hasSettled(response)).toBe(true);
      expect((await response).status).toBe(503);
      expect((await (await response).json()).error.code).toBe('database_unavailable');
    } finally {
      jest.useRealTimers();
      await db.close();
    }
  });

  it('answers a write slower than the request timeout with 503 and commits nothing (the answer and the write agree)', async () => {
    const service = await startService(backend, tokens, { REQUEST_TIMEOUT_MS: '300' });
    try {
      if (backend === 'postgres') {
        // The statement itself is slow on the server.
        await service.db.exec(`
          CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$;
          CREATE TRIGGER slow_contact BEFORE INSERT ON contact_messages FOR EACH ROW EXECUTE FUNCTION slow_insert();`);
      }
      // PGlite runs in this process and cannot be interrupted midway: the write is slow to reach it.
      // (The message is stored in a transaction with its mail: the transaction's statements are slowed.)
      const slow = <Q extends Pick<Database, 'query'>>(q: Q): Q['query'] =>
        (async (sql: string, params?: unknown[]) => (/INSERT INTO contact_messages/.test(sql) && (await sleep(1_000)), q.query(sql, params))) as Q['query'];
      const slowDb: Database =
        backend === 'pglite' ? { ...service.db, query: slow(service.db), transaction: (work) => service.db.transaction((tx) => work({ ...tx, query: slow(tx) })) } : service.db;
      const { app } = backend === 'pglite' ? await createService(service.config, { db: slowDb }) : service;

      const response = await call(app, '/contact', { body: contact });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('timeout');
      expect(response.headers.get('Retry-After')).toBe('5');
      expect(await countMessagesOnceWritesEnded(service.db)).toBe(0);
    } finally {
      await service.db.close();
    }
  });

  it('answers 503 timeout at the deadline while another request holds the only connection, and never runs the write later', async () => {
    const db = await freshDatabase(backend, { maxConnections: 1 });
    try {
      const { app } = await createService(testConfig({ REQUEST_TIMEOUT_MS: '300' }), { db });
      const held = deferred();
      const holding = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await held.promise;
      });
      const response = await call(app, '/contact', { body: contact });
      expect(await hasSettled(holding)).toBe(false);
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('timeout');
      held.resolve();
      await holding;
      expect(await countMessages(db)).toBe(0);
      expect((await call(app, '/contact', { body: contact })).status).toBe(201);
    } finally {
      await db.close();
    }
  });

  it('stores a write that finishes within the request timeout', async () => {
    const { app, db } = await startService(backend, tokens, { REQUEST_TIMEOUT_MS: '2000' });
    try {
      expect((await call(app, '/contact', { body: contact })).status).toBe(201);
      expect(await countMessages(db)).toBe(1);
    } finally {
      await db.close();
    }
  });
});

const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) {
  describe('the statement timeout (DB_STATEMENT_TIMEOUT_MS), on postgres', () => {
    it('has the server cancel a statement running longer, answered as database_unavailable (503), never a 500', async () => {
      const db = await openPostgres(postgresUrl, { statementTimeoutMs: 200 });
      try {
        const slow = await db.query('SELECT pg_sleep($1::float)', [2]).then(
          () => null,
          (error: unknown) => error,
        );
        expect(slow).toBeInstanceOf(DatabaseUnavailableError);
        // 57014: query_canceled, the server's statement timeout (not a connection that failed).
        expect(((slow as Error).cause as { code?: string }).code).toBe('57014');
        // The pool goes on serving: the timeout ended one statement, not the connection.
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.close();
      }
    });
  });

  describe('a server that goes away after the start, on postgres', () => {
    const target = new URL(postgresUrl);

    /** A TCP relay to the PostgreSQL server that the test can cut, make silent, or restore. */
    async function relay() {
      let mode: 'forward' | 'refuse' | 'silent' = 'forward';
      const pairs = new Set<[net.Socket, net.Socket]>();
      const clients = new Set<net.Socket>();
      const server = net.createServer((client) => {
        clients.add(client);
        client.on('error', () => undefined);
        if (mode === 'refuse') return void client.destroy();
        if (mode === 'silent') return;
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        client.on('data', (chunk) => mode === 'forward' && upstream.write(chunk));
        upstream.on('data', (chunk) => mode === 'forward' && client.write(chunk));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as net.AddressInfo).port;
      return {
        port,
        set(next: typeof mode) {
          mode = next;
          if (next === 'refuse') {
            for (const [client, upstream] of pairs) {
              client.destroy();
              upstream.destroy();
            }
          }
        },
        close: () => {
          for (const [client, upstream] of pairs) {
            client.destroy();
            upstream.destroy();
          }
          for (const client of clients) client.destroy();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
    }

    let schema: string;
    let proxy: Awaited<ReturnType<typeof relay>>;
    let app: TestApp;
    let db: Database;
    const applicationName = `faults_${process.pid}`;

    beforeAll(async () => {
      schema = `t_faults_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      proxy = await relay();
      const url = new URL(postgresUrl);
      url.host = `127.0.0.1:${proxy.port}`;
      url.searchParams.set('options', `-c search_path=${schema}`);
      url.searchParams.set('application_name', applicationName);
      db = await openPostgres(url.toString(), { connectTimeoutMs: 300 });
      ({ app } = await createService(testConfig({ REQUEST_TIMEOUT_MS: '500' }), { db }));
    });

    afterAll(async () => {
      await proxy.close();
      await db.close().catch(() => undefined);
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    });

    const newsletter = () => call(app, '/newsletter', { body: { email: 'reader@example.com' } });

    it('answers 503 database_unavailable with Retry-After while it is down, and serves again once it is back', async () => {
      proxy.set('forward');
      expect((await newsletter()).status).toBe(202);

      proxy.set('refuse');
      const down = await newsletter();
      expect(down.status).toBe(503);
      expect((await down.json()).error.code).toBe('database_unavailable');
      expect(down.headers.get('Retry-After')).toBe('5');

      proxy.set('forward');
      expect((await newsletter()).status).toBe(202);
    });

    it('answers 503 timeout at the request deadline when the server stops answering, never hanging', async () => {
      proxy.set('forward');
      expect((await newsletter()).status).toBe(202);
      proxy.set('silent');
      const response = await newsletter();
      expect(response.status).toBe(503);
      // The request's deadline ended it (500 ms, then the connect timeout for the cancel, 300 ms, before the connection is dropped).
      expect((await response.json()).error.code).toBe('timeout');
      proxy.set('forward');
      expect((await newsletter()).status).toBe(202);
    });

    it("answers 503, not 500, when the server terminates the pool's connection in the middle of a call", async () => {
      proxy.set('forward');
      await db.exec(`
        CREATE OR REPLACE FUNCTION slow_newsletter() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(2); RETURN NEW; END $$;
        CREATE TRIGGER slow_newsletter BEFORE INSERT ON newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION slow_newsletter();`);
      const { app: patient } = await createService(testConfig({ REQUEST_TIMEOUT_MS: '5000' }), { db });
      const answer = call(patient, '/newsletter', { body: { email: 'late@example.com' } });
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      // Once the write runs on the server (in its trigger's sleep), the server ends its connection.
      const writing = "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND query LIKE 'INSERT INTO newsletter_subscriptions%'";
      await until(async () => (await admin.query(writing, [applicationName])).rows.length > 0);
      const { rows } = await admin.query(`SELECT pg_terminate_backend(pid) AS terminated FROM (${writing}) AS w`, [applicationName]);
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      const response = await answer;
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('database_unavailable');
      await db.exec('DROP TRIGGER slow_newsletter ON newsletter_subscriptions');
      expect((await newsletter()).status).toBe(202);
    });
  });
}
