import pg from 'pg';
import { openPostgres, type Database } from './db/database';
import { createService } from './service';
import { databaseRateLimitStore } from './store/rateLimits';
import { backends, call, fakeOnly, freshDatabase, testConfig, tokenFactory, PROJECT_ID } from './testing/harness';
import { createTokenVerifier } from './identity/verifyIdToken';
import { migrate } from './db/migrations';

describe.each(backends)('the database rate-limit store on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(backend);
    await migrate(db);
  });
  afterAll(() => db.close());

  const storeWithWindow = (windowMs: number, prefix: string) => {
    const store = databaseRateLimitStore(db, prefix);
    store.init?.({ windowMs } as never);
    return store;
  };

  it('counts every hit of a client once, even when they arrive together', async () => {
    const store = storeWithWindow(60_000, 'together');
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('203.0.113.7')));
    expect(counts.map((c) => c.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await store.get!('203.0.113.7'))?.totalHits).toBe(20);
    expect((await store.increment('198.51.100.1')).totalHits).toBe(1);
  });

  // A window ends by the database's clock: the test moves its end into the past instead of waiting for it.
  const endWindow = (key: string) => db.query("UPDATE rate_limit_hits SET reset_at = now() - interval '1 millisecond' WHERE key = $1", [key]);
  const keysLike = async (pattern: string) =>
    (await db.query<{ key: string }>('SELECT key FROM rate_limit_hits WHERE key LIKE $1 ORDER BY key', [pattern])).rows.map((row) => row.key);

  it("ends a client's window windowMs after its first hit, by the database's clock", async () => {
    // In one transaction the database's clock (now()) stands still: the window's end is exact.
    const exact = await db.transaction(async (tx) => {
      const store = databaseRateLimitStore(tx as Database, 'length');
      store.init?.({ windowMs: 300 } as never);
      await store.increment('client');
      await store.increment('client');
      const { rows } = await tx.query<{ exact: boolean }>("SELECT reset_at = now() + interval '300 milliseconds' AS exact FROM rate_limit_hits WHERE key = 'length:client'");
      return rows[0]?.exact;
    });
    expect(exact).toBe(true);
  });

  it('starts a new window for a client once its window has ended', async () => {
    const store = storeWithWindow(60_000, 'window');
    await store.increment('client');
    expect((await store.increment('client')).totalHits).toBe(2);
    await endWindow('window:client');
    expect(await store.get!('client')).toBeUndefined();
    expect((await store.increment('client')).totalHits).toBe(1);
    expect((await store.increment('client')).totalHits).toBe(2);
  });

  describe('housekeeping', () => {
    // The store deletes ended windows at most once a window by this process's clock (Date): faked.
    beforeEach(() => fakeOnly('Date'));
    afterEach(() => jest.useRealTimers());

    it("deletes ended windows on someone's hit once a window's length has passed since it last did, not before", async () => {
      // The hit does not await the housekeeping it starts: the test waits for every statement the store started.
      const started: Promise<unknown>[] = [];
      const watched: Database = {
        ...db,
        query: <T>(sql: string, params?: unknown[]) => {
          const statement = db.query<T>(sql, params);
          started.push(statement.catch(() => undefined));
          return statement;
        },
      };
      const store = databaseRateLimitStore(watched, 'cleanup');
      store.init?.({ windowMs: 60_000 } as never);
      const hitSettled = async (client: string) => {
        await store.increment(client);
        await Promise.all(started);
      };

      await hitSettled('gone');
      await hitSettled('live');
      await endWindow('cleanup:gone');

      jest.advanceTimersByTime(59_999);
      await hitSettled('other');
      expect(await keysLike('cleanup:%')).toEqual(['cleanup:gone', 'cleanup:live', 'cleanup:other']);

      jest.advanceTimersByTime(1);
      await hitSettled('other');
      expect(await keysLike('cleanup:%')).toEqual(['cleanup:live', 'cleanup:other']);
    });
  });

  it('takes a hit back, and forgets a client on reset', async () => {
    const store = storeWithWindow(60_000, 'undo');
    await store.increment('client');
    await store.increment('client');
    await store.decrement('client');
    expect((await store.get!('client'))?.totalHits).toBe(1);
    await store.resetKey('client');
    expect(await store.get!('client')).toBeUndefined();
  });
});

const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) {
  describe('two replicas sharing one database, on postgres', () => {
    let schema: string;
    let databases: Database[];

    beforeAll(async () => {
      schema = `t_replicas_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      databases = [await openPostgres(url), await openPostgres(url)];
    });

    afterAll(async () => {
      await Promise.all(databases.map((db) => db.close()));
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    });

    const replicas = async (env: Record<string, string>) => {
      const tokens = await tokenFactory();
      const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
      const apps = [];
      for (const db of databases) apps.push((await createService(testConfig(env), { db, verifyToken })).app);
      return { apps, tokens };
    };

    it('holds the public rate limit across both: a client gets the limit in all, not per replica', async () => {
      const { apps } = await replicas({ PUBLIC_RATE_LIMIT: '4', TRUST_PROXY: '1' });
      const from = { 'X-Forwarded-For': '192.0.2.44' };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const response = await call(apps[i % 2]!, '/newsletter', { body: { email: `r${i}@example.com` }, headers: from });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 429, 429, 429, 429]);
      // Another client is counted on its own.
      expect((await call(apps[1]!, '/newsletter', { body: { email: 'x@example.com' }, headers: { 'X-Forwarded-For': '192.0.2.45' } })).status).toBe(202);
    });

    it('answers 409 to every other user linking the same phone at the same moment through either replica', async () => {
      const { apps, tokens } = await replicas({});
      const users = Array.from({ length: 10 }, (_, i) => `race-${Date.now()}-${i}`);
      const responses = await Promise.all(
        users.map(async (uid, i) => call(apps[i % 2]!, '/link-device', { token: await tokens.sign(uid), body: { deviceId: 'phone-shared-by-race', deviceName: 'Pixel' } })),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(users.length - 1);
    });
  });
}
