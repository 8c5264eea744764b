// GET /page-changes: what the site's servers follow to know when a signed-in page's answers changed.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { EVERY_USER, pageChangeKey } from '@site/contract/page-changes';
import { signPageChangesRequest, signViewGrantRequest } from '@site/contract/view-token';
import { LISTENING_APPLICATION_NAME, openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrations';
import { createLogger } from '../http/logging';
import {
  backends,
  call,
  freshDatabase,
  checkoutObject,
  logCapture,
  sharedPostgresDatabases,
  signedWebhook,
  PROJECT_ID,
  startService,
  stripeEvent,
  subscriptionObject,
  testConfig,
  tokenFactory,
  type TestApp,
  type Tokens,
} from '../testing/harness';
import { listenGracefully } from '../http/listen';
import { createTokenVerifier } from '../identity/verifyIdToken';
import { createService } from '../service';
import { pageChangeHub, pageChangesChannel, type PageChangeFollower } from './hub';

/** A follower of the stream as the site's server reads it: each event, in order. */
function follow(response: Response) {
  const events: EventSourceMessage[] = [];
  let ended = false;
  let wake = () => {};
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      wake();
    },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    ended = true;
    wake();
  })();
  /** Waits (at most 5 s) until `seen` holds of what was heard. */
  const until = async (seen: () => boolean, what: string) => {
    const giveUp = Date.now() + 5_000;
    while (!seen()) {
      if (Date.now() > giveUp) throw new Error(`not heard: ${what}; heard ${JSON.stringify(events)}${ended ? ', then the end' : ''}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  const changed = () => events.filter((event) => event.event === 'changed').map((event) => event.data);
  return {
    events,
    changed,
    ended: () => ended,
    until,
    /** Waits for a `changed` of `key`, then says every `changed` heard since `from`. */
    async changedAfter(from: number, key: string) {
      await until(() => changed().slice(from).includes(key), `changed ${key}`);
      return changed().slice(from);
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

const SECRET = 'a-page-changes-test-secret-of-at-least-32-characters';

describe.each(backends)('page changes on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  let server: Awaited<ReturnType<typeof listenGracefully>>;
  const log = logCapture();
  // Served as the service is (its events are written to Node's response), asked as the site's server asks.
  const ask = async (authorization?: string) => fetch(`http://127.0.0.1:${server.port}/page-changes`, authorization ? { headers: { Authorization: authorization } } : {});

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens, { VIEW_TOKEN_SECRET: SECRET }, { logger: createLogger('warn', log.stream) }));
    server = await listenGracefully(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 });
  });
  afterAll(async () => {
    await db.close();
    await server.close();
  });

  it("refuses anyone but the site's server, before anything is streamed", async () => {
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      `Bearer ${await signPageChangesRequest('another-secret-that-is-also-32-characters-long')}`,
      // The same secret for another audience: a view grant's request is not a page changes' one.
      `Bearer ${await signViewGrantRequest(SECRET, '127.0.0.1')}`,
      // Signed two minutes ago: its minute is over.
      `Bearer ${await signPageChangesRequest(SECRET, { now: Date.now() - 120_000 })}`,
      `Bearer ${await tokens.sign('alice-uid')}`,
    ]) {
      const response = await ask(authorization);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('page_changes_request_invalid');
    }
  });

  it("tells a change this replica commits before the write's own answer leaves, though its listening hears commits late", async () => {
    // PostgreSQL tells a listening connection of a commit a moment after the commit is answered
    // (on a busy machine, after the write's own answer has left): here, every notification is
    // heard 50 ms late, in order. The write's answer waits until its change has been told.
    const late = await freshDatabase(backend);
    const lateDb: Database = {
      ...late,
      listen: (channel, heard) => late.listen(channel, (payload) => void setTimeout(() => heard(payload), 50)),
    };
    const service = await createService(testConfig({ VIEW_TOKEN_SECRET: SECRET }), {
      db: lateDb,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys }),
      logger: createLogger('silent'),
    });
    let told = 0;
    const tell = service.pageChanges.told;
    service.pageChanges.told = () => {
      told += 1;
      return tell();
    };
    const lateServer = await listenGracefully(service.app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000 });
    const stream = follow(await fetch(`http://127.0.0.1:${lateServer.port}/page-changes`, { headers: { Authorization: `Bearer ${await signPageChangesRequest(SECRET)}` } }));
    try {
      await stream.until(() => stream.events.some((event) => event.event === 'ready'), 'ready');
      const token = await tokens.sign('erin-uid', 'erin@example.com');
      const served = (path: string, body: unknown = {}) =>
        fetch(`http://127.0.0.1:${lateServer.port}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await served('/register-user')).status).toBe(200);
      // Once a write is answered, its change has been sent: it is read from the stream's socket without waiting.
      const heardOnAnswer = async (answer: Promise<Response>) => {
        const heard = stream.changed().length;
        expect((await answer).status).toBe(200);
        await new Promise((resolve) => setImmediate(resolve));
        expect(stream.changed().slice(heard)).toEqual([pageChangeKey('erin-uid')]);
      };
      for (let i = 0; i < 3; i += 1) {
        await heardOnAnswer(served('/link-device', { deviceId: `erin-phone-${i}`, deviceName: 'E' }));
        await heardOnAnswer(served('/reset-linked-device'));
      }
      // Reads, and writes refused, wait for nothing: they have no change to tell.
      expect(told).toBe(7);
      expect((await served('/page-reads', { reads: ['get-user-info', 'get-device-info'] })).status).toBe(200);
      expect((await served('/get-device-info')).status).toBe(200);
      expect((await served('/link-device', { deviceId: '' })).status).toBe(400);
      expect(told).toBe(7);
    } finally {
      await stream.close();
      await lateServer.close();
      await late.close();
    }
  });

  it("tells each change of what the account's pages read as it commits, by the user's key, and nothing else", async () => {
    const response = await ask(`Bearer ${await signPageChangesRequest(SECRET)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = follow(response);
    try {
      await stream.until(() => stream.events.some((event) => event.event === 'ready'), 'ready');
      expect(stream.events.map((event) => event.event)).toEqual(['ready']);
      const alice = pageChangeKey('alice-uid');
      const bob = pageChangeKey('bob-uid');
      expect(alice).not.toContain('alice');

      // A phone linked, renamed, unlinked: each told, as the user's key alone.
      const aliceToken = await tokens.sign('alice-uid', 'alice@example.com');
      await call(app, '/register-user', { token: aliceToken });
      expect((await call(app, '/link-device', { token: aliceToken, body: { deviceId: 'phone-a', deviceName: 'Pixel' } })).status).toBe(200);
      expect(await stream.changedAfter(0, alice)).toEqual([alice]);
      expect((await call(app, '/reset-linked-device', { token: aliceToken })).status).toBe(200);
      await stream.until(() => stream.changed().length === 2, 'the unlink');
      expect(stream.changed()).toEqual([alice, alice]);

      // Reads, and what the pages do not show (a contact message), tell nothing.
      await call(app, '/page-reads', { token: aliceToken, body: { reads: ['get-user-info', 'get-device-info'] } });
      await call(app, '/contact', { body: { firstname: 'A', lastname: 'B', email: 'a@example.com', subject: 'Hi', message: 'Hello' } });

      // Stripe's events: the subscription is bob's once his checkout names him.
      await call(app, '/register-user', { token: await tokens.sign('bob-uid', 'bob@example.com') });
      expect((await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('bob-uid', 'cus_bob', 'bob@example.com')))).status).toBe(200);
      expect((await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_bob', 'cus_bob', 'trialing')))).status).toBe(200);
      await stream.until(() => stream.changed().includes(bob), "bob's subscription");
      await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_bob', 'cus_bob', 'active')));
      await stream.until(() => stream.changed().filter((key) => key === bob).length >= 2, "bob's subscription, active");
      expect(new Set(stream.changed().slice(2))).toEqual(new Set([bob]));

      // A product's name is on every subscriber's page: everyone's.
      await signedWebhook(app, stripeEvent('product.updated', { id: 'prod_x', object: 'product', name: 'Plan X', active: true, livemode: false }));
      await stream.until(() => stream.changed().includes(EVERY_USER), 'a product renamed');
      expect(stream.events.some((event) => event.event === 'changed' && event.data.includes('uid'))).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('ends the stream when the database stops being heard, and listens again for the next follower', async () => {
    const hub = pageChangeHub({ db, logger: createLogger('silent'), pingMs: 100 });
    const heard: string[] = [];
    const follower: PageChangeFollower = { changed: (key) => heard.push(`changed ${key}`), ping: () => heard.push('ping'), ended: (why) => heard.push(`ended ${why}`) };
    await hub.listening();
    hub.follow(follower);
    // Pings come only once a probe has come back on the listening connection; the probes are nobody's change.
    await waitFor(() => heard.includes('ping'));
    expect(heard.filter((line) => line.startsWith('changed'))).toEqual([]);
    await db.query("INSERT INTO users (uid) VALUES ('carol-uid')");
    await db.query("INSERT INTO devices (uid, device_id, device_name) VALUES ('carol-uid', 'phone-c', 'C')");
    await waitFor(() => heard.includes(`changed ${pageChangeKey('carol-uid')}`));
    await hub.stop('the service stopped');
    expect(heard.at(-1)).toBe('ended the service stopped');
    expect(hub.followers()).toBe(0);
    // Listening again, for the next.
    heard.length = 0;
    await hub.listening();
    hub.follow(follower);
    await db.query("UPDATE devices SET device_name = 'C2' WHERE uid = 'carol-uid'");
    await waitFor(() => heard.includes(`changed ${pageChangeKey('carol-uid')}`));
    // A user deleted, with nothing else of theirs to delete: their pages change too (their token is refused from then on).
    await db.query("INSERT INTO users (uid) VALUES ('dora-uid')");
    await db.query("DELETE FROM users WHERE uid = 'dora-uid'");
    await waitFor(() => heard.includes(`changed ${pageChangeKey('dora-uid')}`));
    expect(heard.filter((line) => line === `changed ${pageChangeKey('dora-uid')}`)).toHaveLength(1);
    await hub.close();
    expect(heard.at(-1)).toBe('ended the service is stopping');
    // Closed for good: a follower is ended at once.
    const late: string[] = [];
    hub.follow({ changed: () => late.push('changed'), ping: () => late.push('ping'), ended: (why) => late.push(why) });
    expect(late).toEqual(['the service is stopping']);
  });

  it('ends its followers when notifications stop reaching it though the database still answers (a pooler in transaction mode): its probe is not heard back', async () => {
    let notifying = true;
    // The same database, whose notifications this replica's listening no longer hears.
    const deaf: Pick<Database, 'listen' | 'query'> = {
      listen: (channel, heard) => db.listen(channel, (payload) => notifying && heard(payload)),
      query: (sql, params) => db.query(sql, params),
    };
    const log = logCapture();
    const hub = pageChangeHub({ db: deaf, logger: createLogger('warn', log.stream), pingMs: 100 });
    const heard: string[] = [];
    await hub.listening();
    hub.follow({ changed: (key) => heard.push(key), ping: () => heard.push('ping'), ended: (why) => heard.push(`ended: ${why}`) });
    await waitFor(() => heard.includes('ping'));
    notifying = false;
    await waitFor(() => heard.some((line) => line.startsWith('ended: ')));
    expect(heard.at(-1)).toBe('ended: a probe of the listening connection was not heard back within 100 ms');
    expect(hub.followers()).toBe(0);
    expect(log.text()).toContain('page changes are not heard any more');
    await hub.close();
  });

  it("ends its followers before a write is answered when the write's change cannot be told (its probe not heard back)", async () => {
    let notifying = true;
    const deaf: Pick<Database, 'listen' | 'query'> = {
      listen: (channel, heard) => db.listen(channel, (payload) => notifying && heard(payload)),
      query: (sql, params) => db.query(sql, params),
    };
    const hub = pageChangeHub({ db: deaf, logger: createLogger('silent'), pingMs: 60_000, toldMs: 100 });
    const heard: string[] = [];
    await hub.listening();
    hub.follow({ changed: (key) => heard.push(key), ping: () => heard.push('ping'), ended: (why) => heard.push(`ended: ${why}`) });
    // Heard: told at once, the followers kept.
    await hub.told();
    expect(heard).toEqual([]);
    expect(hub.followers()).toBe(1);
    notifying = false;
    await hub.told();
    // Ended as told() returns: before the write it guards is answered.
    expect(heard).toEqual(["ended: a write's probe of the listening connection was not heard back within 100 ms"]);
    expect(hub.followers()).toBe(0);
    // Nobody follows: nothing to wait for.
    await hub.told();
    await hub.close();
  });

  it('forgets a follower that hangs up, and only that one', async () => {
    const followersNow = async () => {
      const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      return Number(/^page_change_followers (\d+)$/m.exec(text)?.[1]);
    };
    const first = follow(await ask(`Bearer ${await signPageChangesRequest(SECRET)}`));
    const second = follow(await ask(`Bearer ${await signPageChangesRequest(SECRET)}`));
    await first.until(() => first.events.length > 0, 'ready');
    await second.until(() => second.events.length > 0, 'ready');
    expect(await followersNow()).toBe(2);
    await first.close();
    await waitForAsync(async () => (await followersNow()) === 1);
    expect(second.ended()).toBe(false);
    await second.close();
    await waitForAsync(async () => (await followersNow()) === 0);
  });

  if (backend === 'pglite') {
    it('ends its followers when the embedded database closes', async () => {
      const embedded = await openPglite();
      await migrate(embedded);
      const hub = pageChangeHub({ db: embedded, logger: createLogger('silent'), pingMs: 100 });
      const heard: string[] = [];
      await hub.listening();
      hub.follow({ changed: () => undefined, ping: () => undefined, ended: (why) => heard.push(why) });
      await embedded.close();
      await waitFor(() => heard.length > 0);
      expect(heard).toEqual(['the embedded database closed']);
      expect(hub.followers()).toBe(0);
      await expect(hub.listening()).rejects.toThrow(/closed/);
    });
  }

  if (backend === 'postgres') {
    it('tells a change committed by another replica, and ends its followers when its listening connection is lost', async () => {
      const { databases, close } = await sharedPostgresDatabases(2);
      const [listener, writer] = databases as [Database, Database];
      await migrate(listener);
      try {
        const hub = pageChangeHub({ db: listener, logger: createLogger('silent'), pingMs: 100 });
        const heard: string[] = [];
        await hub.listening();
        hub.follow({ changed: (key) => heard.push(key), ping: () => undefined, ended: (why) => heard.push(`ended: ${why}`) });
        await writer.query("INSERT INTO users (uid) VALUES ('dave-uid')");
        await writer.query("INSERT INTO devices (uid, device_id, device_name) VALUES ('dave-uid', 'phone-d', 'D')");
        await waitFor(() => heard.includes(pageChangeKey('dave-uid')));
        // The listening connection killed by the server (a failover, an operator): the follower is
        // ended. Only this schema's (another test's listening, on the same server, is not touched).
        const { rows } = await writer.query<{ schema: string }>('SELECT current_schema() AS schema');
        const channel = pageChangesChannel(rows[0]!.schema);
        await writer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query = $2', [
          LISTENING_APPLICATION_NAME,
          `LISTEN "${channel}"`,
        ]);
        await waitFor(() => heard.some((line) => line.startsWith('ended: ')));
        // The next follower listens again.
        const again: string[] = [];
        await hub.listening();
        hub.follow({ changed: (key) => again.push(key), ping: () => undefined, ended: () => undefined });
        await writer.query("DELETE FROM devices WHERE uid = 'dave-uid'");
        await waitFor(() => again.includes(pageChangeKey('dave-uid')));
        await hub.close();
      } finally {
        await close();
      }
    });

    it("hears its own schema's changes only: a service in another schema of the same database is told its own", async () => {
      const ours = await freshDatabase('postgres');
      const theirs = await freshDatabase('postgres');
      try {
        await migrate(ours);
        await migrate(theirs);
        const hub = pageChangeHub({ db: ours, logger: createLogger('silent') });
        const heard: string[] = [];
        await hub.listening();
        hub.follow({ changed: (key) => heard.push(key), ping: () => undefined, ended: (why) => heard.push(`ended: ${why}`) });
        // The other schema's users and products change first (a product renamed is everyone's change there).
        await theirs.query("INSERT INTO users (uid) VALUES ('carol-uid')");
        await theirs.query("INSERT INTO devices (uid, device_id, device_name) VALUES ('carol-uid', 'phone-c', 'C')");
        await theirs.query("INSERT INTO stripe_products (product_id, name, last_event_at) VALUES ('prod_c', 'Plan C', 1)");
        await ours.query("INSERT INTO users (uid) VALUES ('dave-uid')");
        await ours.query("INSERT INTO devices (uid, device_id, device_name) VALUES ('dave-uid', 'phone-d', 'D')");
        // The database tells its listeners in commit order: theirs, had they been heard, came first.
        await waitFor(() => heard.includes(pageChangeKey('dave-uid')));
        expect(heard).toEqual([pageChangeKey('dave-uid')]);
        await hub.close();
      } finally {
        await ours.close();
        await theirs.close();
      }
    });
  }
});

describe("a schema's page changes channel", () => {
  it("is page_changes for public's tables (every deployment's), and one of its own, within PostgreSQL's 63 bytes, for another schema's", () => {
    expect(pageChangesChannel('public')).toBe('page_changes');
    const long = `s_${'x'.repeat(61)}`;
    expect(pageChangesChannel(long)).toMatch(/^page_changes:[0-9a-f]{32}$/);
    expect(pageChangesChannel(long).length).toBeLessThanOrEqual(63);
    expect(pageChangesChannel('killed_1')).not.toBe(pageChangesChannel('killed_2'));
  });
});

async function waitForAsync(condition: () => Promise<boolean>) {
  const giveUp = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > giveUp) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitFor(condition: () => boolean) {
  const giveUp = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
