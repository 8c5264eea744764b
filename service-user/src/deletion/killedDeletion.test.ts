// @jest-start-first: most of this file's time is processes starting, which overlap the other
// files' work.
//
// The probe of issue #58, as a test: the service in production mode, in a process of its own, is
// killed (SIGKILL) at each boundary of an account's deletion, on PGlite and on PostgreSQL; after
// a restart every deletion ends with the account fully deleted (its sign-in, its rows), and
// nothing of another account is touched.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { exportJWK } from 'jose';
import pg from 'pg';
import { dataDirLockPath, openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrations';
import { erasedKey } from '../store/accountData';
import { startFakeIdentityToolkit, type FakeIdentityToolkit } from '../testing/fakeIdentityToolkit';
import { backends, DEPLOYED_ENV, PROJECT_ID, tokenFactory, type Tokens } from '../testing/harness';
import { spawnServer, type ServerProcess } from '../testing/spawnServer';

jest.setTimeout(240_000);

/** Where the process is killed: the boundaries of a deletion's steps. */
const KILL_POINTS = [
  // The call to Identity Toolkit is out, Firebase has not acted on it (the sign-in is still there).
  'before the identity provider acts',
  // Firebase deleted the user on receipt; its answer never reaches the service.
  'during the identity call',
  // Firebase answered; the service had not recorded it yet (its UPDATE is held).
  'after the identity call',
  // In the transaction that erases the rows (its DELETE of the user's row is held).
  'during the database part',
] as const;
type KillPoint = (typeof KILL_POINTS)[number];

// Statements held by a trigger that sleeps, for the test to kill the process there.
const HOLDS: Partial<Record<KillPoint, { table: string; event: string; when: string; statement: string }>> = {
  'after the identity call': {
    table: 'account_deletions',
    event: 'BEFORE UPDATE',
    when: 'WHEN (OLD.identity_deleted_at IS NULL AND NEW.identity_deleted_at IS NOT NULL)',
    statement: 'UPDATE account_deletions SET identity_deleted_at%',
  },
  'during the database part': { table: 'users', event: 'BEFORE DELETE', when: '', statement: 'DELETE FROM users WHERE uid%' },
};

/** What a user leaves in every table that holds something of theirs. */
async function seed(db: Database, name: string) {
  const uid = `${name}-uid`;
  const email = `${name}@example.com`;
  await db.query('INSERT INTO users (uid, email) VALUES ($1, $2)', [uid, email]);
  await db.query('INSERT INTO devices (uid, device_id, device_name) VALUES ($1, $2, $3)', [uid, `phone-${name}`, `Telefonul lui ${name}`]);
  await db.query('INSERT INTO contact_messages (firstname, lastname, email, subject, message) VALUES ($1, $2, $3, $4, $5)', [
    name,
    'Pop',
    email,
    'Întrebare',
    `Mesajul lui ${name}`,
  ]);
  await db.query("INSERT INTO newsletter_subscriptions (email, status, confirmed_at) VALUES ($1, 'confirmed', now())", [email]);
  await db.query('INSERT INTO pending_checkouts (session_id, uid, customer_id, email) VALUES ($1, $2, $3, $4)', [`cs_${name}`, uid, `cus_${name}`, email]);
  await db.query('INSERT INTO mail_outbox (mail) VALUES ($1)', [JSON.stringify({ to: email, subject: 'Bun venit', text: 'Salut' })]);
}

const USER_ROWS: [table: string, where: string, by: 'uid' | 'email'][] = [
  ['users', 'uid = $1', 'uid'],
  ['devices', 'uid = $1', 'uid'],
  ['pending_checkouts', 'uid = $1', 'uid'],
  ['account_deletions', 'uid = $1', 'uid'],
  ['contact_messages', 'email = $1', 'email'],
  ['newsletter_subscriptions', 'email = $1', 'email'],
  ['mail_outbox', "mail->>'to' = $1", 'email'],
];

async function rowsOf(db: Database, name: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, where, by] of USER_ROWS) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [by === 'uid' ? `${name}-uid` : `${name}@example.com`]);
    counts[table] = rows[0]!.n;
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM erased_accounts WHERE uid_hash = $1', [erasedKey(`${name}-uid`)]);
  counts.erased_accounts = rows[0]!.n;
  return counts;
}

const WHOLE = { users: 1, devices: 1, pending_checkouts: 1, account_deletions: 0, contact_messages: 1, newsletter_subscriptions: 1, mail_outbox: 1, erased_accounts: 0 };
const GONE = { users: 0, devices: 0, pending_checkouts: 0, account_deletions: 0, contact_messages: 0, newsletter_subscriptions: 0, mail_outbox: 0, erased_accounts: 1 };

/** Resolves once `check` answers true, looking every `everyMs`; fails with `what` after `attempts` looks. */
async function until(what: string, check: () => Promise<boolean> | boolean, { everyMs = 100, attempts = 1200 } = {}) {
  for (let i = 0; i < attempts; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`never happened: ${what}`);
}

/** The database a run uses, reached by the test between the service's processes (PGlite) or beside them (PostgreSQL). */
interface RunDatabase {
  env: Record<string, string>;
  /** Runs `work` on the database: PGlite's folder is opened and closed again. */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** The process is stuck at the held statement. */
  held(statement: string, server: ServerProcess): Promise<boolean>;
  /**
   * After the kill (the process's exit seen): what the dead process held is let go. PostgreSQL ends
   * its session held at `statement`, as it would on noticing the client gone; PGlite's folder lock
   * is taken away, as by an operator who saw the process die, instead of waited out for 10 s until
   * it goes stale (that wait, and a live holder's lock kept: dataDirLock.test.ts).
   */
  afterKill(statement?: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteRun(): Promise<RunDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-user-killed-'));
  return {
    env: { DATA_DIR: dataDir },
    async use(work) {
      const db = await openPglite(dataDir);
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    // PGlite runs in the service's process: a statement asleep in a trigger stops the whole
    // process, which then answers nothing (its health check included).
    async held(_statement, server) {
      const answered = await fetch(`http://127.0.0.1:${server.port}/healthz`, { signal: AbortSignal.timeout(1500) }).then(
        () => true,
        () => false,
      );
      return !answered;
    },
    afterKill: async () => rmSync(dataDirLockPath(dataDir), { recursive: true, force: true }),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresRun(): Promise<RunDatabase> {
  const url = process.env.DATABASE_URL as string;
  const schema = `killed_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const schemaUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = await openPostgres(schemaUrl);
  const sleeping = (statement: string) =>
    admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE $1 AND datname = current_database() AND pid <> pg_backend_pid()", [
      statement,
    ]);
  return {
    env: { DATABASE_URL: schemaUrl },
    use: (work) => work(db),
    held: async (statement) => (await sleeping(statement)).rows.length > 0,
    async afterKill(statement) {
      if (!statement) return;
      for (const { pid } of (await sleeping(statement)).rows) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    },
    async close() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

describe.each(backends)('an account deletion killed (kill -9) at each step boundary ends after a restart, on %s', (backend) => {
  let tokens: Tokens;
  let keys: Server;
  let jwksUrl: string;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    tokens = await tokenFactory();
    const jwk = { ...(await exportJWK(await tokens.publicKey())), kid: 'test-key', alg: 'RS256', use: 'sig' };
    keys = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(keys.address() as AddressInfo).port}/keys`;
  });
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all(running.map((server) => server.exited));
    await new Promise((resolve) => keys.close(resolve));
  });

  /** The service in production mode: real secrets, Google's token checks (against the test's key set), Identity Toolkit at the fake. */
  async function start(database: RunDatabase, identityToolkit: FakeIdentityToolkit) {
    const server = await spawnServer({
      ...DEPLOYED_ENV,
      ...database.env,
      NODE_ENV: 'production',
      STRIPE_WEBHOOK_SECRET: 'whsec_a_real_endpoint_secret',
      CORS_ORIGINS: 'https://site.example',
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_API_KEY: 'AIza-test-key',
      GOOGLE_JWKS_URL: jwksUrl,
      IDENTITY_TOOLKIT_URL: `http://${identityToolkit.host}/identitytoolkit.googleapis.com`,
      // A request's claim on its deletion runs out 3 s after it started (the request's deadline and the database's connect timeout).
      REQUEST_TIMEOUT_MS: '2000',
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    running.push(server);
    await server.listening;
    return server;
  }

  it.each(KILL_POINTS)('killed %s: the account ends fully deleted, the other untouched', async (point) => {
    const database = backend === 'pglite' ? await pgliteRun() : await postgresRun();
    const identityToolkit = await startFakeIdentityToolkit({ kind: 'answers' });
    const hold = HOLDS[point];
    try {
      await database.use(async (db) => {
        await migrate(db);
        await seed(db, 'alice');
        await seed(db, 'bob');
        if (hold) {
          await db.exec(`CREATE FUNCTION hold_here() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER hold_here ${hold.event} ON ${hold.table} FOR EACH ROW ${hold.when} EXECUTE FUNCTION hold_here();`);
        }
      });
      const first = await start(database, identityToolkit);
      if (point === 'before the identity provider acts') identityToolkit.setMode({ kind: 'hangs' });
      if (point === 'during the identity call') identityToolkit.setMode({ kind: 'hangs', deletesFirst: true });
      const called = identityToolkit.nextCall();
      const alice = await tokens.sign('alice-uid', 'alice@example.com', { email_verified: true });
      const deletion = fetch(`http://127.0.0.1:${first.port}/delete-account`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${alice}` },
        body: JSON.stringify({ confirm: true }),
      }).catch(() => null);
      await called;
      if (hold) await until(`the process held at ${hold.statement}`, () => database.held(hold.statement, first), { everyMs: 200, attempts: 300 });

      first.child.kill('SIGKILL');
      await first.exited;
      expect(await deletion).toBeNull();
      expect(identityToolkit.isDeleted('alice-uid')).toBe(point !== 'before the identity provider acts');
      await database.afterKill(hold?.statement);
      if (hold) await database.use((db) => db.exec(`DROP TRIGGER hold_here ON ${hold.table}; DROP FUNCTION hold_here();`));
      // The deletion is recorded, and Alice's rows are all still there: nothing else records it.
      await database.use(async (db) => {
        expect(await rowsOf(db, 'alice')).toEqual({ ...WHOLE, account_deletions: 1 });
        expect(await rowsOf(db, 'bob')).toEqual(WHOLE);
      });

      // Nobody asks again: the restarted service finishes it on its own.
      identityToolkit.setMode({ kind: 'answers' });
      const second = await start(database, identityToolkit);
      await until('the restarted service finished the deletion', () => /finished account deletions recorded earlier/.test(second.output()), { everyMs: 200, attempts: 600 });
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      expect(identityToolkit.isDeleted('alice-uid')).toBe(true);
      expect(identityToolkit.isDeleted('bob-uid')).toBe(false);
      await database.use(async (db) => {
        expect(await rowsOf(db, 'alice')).toEqual(GONE);
        expect(await rowsOf(db, 'bob')).toEqual(WHOLE);
      });
      // The reports name no one: the uid is not in the log.
      expect(second.output()).not.toContain('alice-uid');
    } finally {
      await identityToolkit.close();
      await database.close();
    }
  });
});
