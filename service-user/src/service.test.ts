import {
  backends,
  call,
  request,
  checkoutObject,
  logCapture,
  signedWebhook,
  startService,
  stripeEvent,
  subscriptionObject,
  tokenFactory,
  type TestApp,
  type Tokens,
} from './testing/harness';
import type { Database } from './db/database';
import { createLogger } from './http/logging';

console.info(`[service-user] database backends under test: ${backends.join(', ')}`);

describe.each(backends)('user service on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  let alice: string;
  let bob: string;
  const log = logCapture();

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens, {}, { logger: createLogger('warn', log.stream) }));
    alice = await tokens.sign('alice-uid', 'alice@example.com');
    bob = await tokens.sign('bob-uid', 'bob@example.com');
  });
  afterAll(() => db.close());

  describe('register-user', () => {
    it('creates the user record and is idempotent', async () => {
      const first = await call(app, '/register-user', { token: alice });
      expect(first.status).toBe(200);
      const record = await first.json();
      expect(record).toMatchObject({ uid: 'alice-uid', email: 'alice@example.com' });
      const again = await (await call(app, '/register-user', { token: alice })).json();
      expect(again).toEqual(record);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM users WHERE uid = $1', ['alice-uid']);
      expect(rows[0]).toEqual({ n: 1 });
    });

    it('keeps the email current', async () => {
      const renamed = await tokens.sign('carol-uid', 'carol@old.example');
      await call(app, '/register-user', { token: renamed });
      const updated = await call(app, '/register-user', { token: await tokens.sign('carol-uid', 'carol@new.example') });
      expect(await updated.json()).toMatchObject({ email: 'carol@new.example' });
    });
  });

  describe('get-user-info and get-subscription-info', () => {
    it('answers trialActivated false and an inactive, empty subscription for a new user', async () => {
      await call(app, '/register-user', { token: bob });
      expect(await (await call(app, '/get-user-info', { token: bob })).json()).toEqual({ trialActivated: false, subscriptionActive: false });
      expect(await (await call(app, '/get-subscription-info', { token: bob })).json()).toEqual({
        isActive: false,
        isTrial: false,
        trialEndTimestamp: null,
        productName: null,
        plan: null,
        cancelAt: null,
      });
    });
  });

  describe('devices', () => {
    const dave = () => tokens.sign('dave-uid', 'dave@example.com');

    it('answers nulls when no phone is linked', async () => {
      // A user of its own: the test below links dave's phone.
      const nadia = await tokens.sign('nadia-uid', 'nadia@example.com');
      expect(await (await call(app, '/get-device-info', { token: nadia })).json()).toEqual({ deviceId: null, deviceName: null });
    });

    it('gives one user the phone when 30 users link it at the same moment: one 200, the rest 409, no 500', async () => {
      const racers = await Promise.all(Array.from({ length: 30 }, (_, i) => tokens.sign(`racer-${i}`, `racer-${i}@example.com`)));
      for (const token of racers) await call(app, '/register-user', { token });
      const responses = await Promise.all(racers.map((token) => call(app, '/link-device', { token, body: { deviceId: 'contested-phone', deviceName: 'Contested' } })));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      const codes = await Promise.all(responses.filter((r) => r.status === 409).map(async (r) => (await r.json()).error.code));
      expect(new Set(codes)).toEqual(new Set(['device_linked_elsewhere']));
      const { rows } = await db.query("SELECT count(*)::int AS n FROM devices WHERE device_id = 'contested-phone'");
      expect(rows[0]).toEqual({ n: 1 });
    });

    it('links a phone, shows it, refuses a second phone with 409, and unlinks', async () => {
      const token = await dave();
      const linked = await call(app, '/link-device', { token, body: { deviceId: 'phone-1', deviceName: 'Pixel 8' } });
      expect(linked.status).toBe(200);
      expect(await linked.json()).toEqual({ deviceId: 'phone-1', deviceName: 'Pixel 8' });
      expect(await (await call(app, '/get-device-info', { token })).json()).toEqual({ deviceId: 'phone-1', deviceName: 'Pixel 8' });

      const relink = await call(app, '/link-device', { token, body: { deviceId: 'phone-1', deviceName: 'Pixel 8 Pro' } });
      expect(relink.status).toBe(200);

      const second = await call(app, '/link-device', { token, body: { deviceId: 'phone-2', deviceName: 'Galaxy' } });
      expect(second.status).toBe(409);
      expect((await second.json()).error.code).toBe('device_already_linked');
      expect(await (await call(app, '/get-device-info', { token })).json()).toEqual({ deviceId: 'phone-1', deviceName: 'Pixel 8 Pro' });

      const reset = await call(app, '/reset-linked-device', { token });
      expect(await reset.json()).toEqual({ deviceId: null, deviceName: null });
      expect(await (await call(app, '/get-device-info', { token })).json()).toEqual({ deviceId: null, deviceName: null });
      expect((await call(app, '/link-device', { token, body: { deviceId: 'phone-2', deviceName: 'Galaxy' } })).status).toBe(200);
    });
  });

  describe("one user cannot read or change another user's data", () => {
    it("scopes every call to the token's uid", async () => {
      const erin = await tokens.sign('erin-uid', 'erin@example.com');
      const frank = await tokens.sign('frank-uid', 'frank@example.com');
      await call(app, '/register-user', { token: erin });
      await call(app, '/register-user', { token: frank });
      await call(app, '/link-device', { token: erin, body: { deviceId: 'erin-phone', deviceName: 'Erin phone' } });

      // Frank sees none of Erin's data, even when naming her in the body.
      const peek = await call(app, '/get-device-info', { token: frank, body: { uid: 'erin-uid' } });
      expect(await peek.json()).toEqual({ deviceId: null, deviceName: null });
      // Frank's reset leaves Erin's phone linked.
      await call(app, '/reset-linked-device', { token: frank, body: { uid: 'erin-uid' } });
      expect(await (await call(app, '/get-device-info', { token: erin })).json()).toEqual({ deviceId: 'erin-phone', deviceName: 'Erin phone' });
      // Nor can Frank take Erin's phone.
      const steal = await call(app, '/link-device', { token: frank, body: { deviceId: 'erin-phone', deviceName: 'Mine now' } });
      expect(steal.status).toBe(409);
      expect((await steal.json()).error.code).toBe('device_linked_elsewhere');

      // Erin's subscription is not Frank's.
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('erin-uid', 'cus_erin', 'erin@example.com')));
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_erin', 'cus_erin', 'active')));
      expect((await (await call(app, '/get-subscription-info', { token: erin })).json()).isActive).toBe(true);
      expect((await (await call(app, '/get-subscription-info', { token: frank })).json()).isActive).toBe(false);
      expect(await (await call(app, '/get-user-info', { token: frank })).json()).toEqual({ trialActivated: false, subscriptionActive: false });
    });
  });

  describe("page-reads: a page's reads in one request", () => {
    const READS = ['get-user-info', 'get-subscription-info', 'get-device-info'];

    it("answers each read asked for as its own route does, for the token's user only", async () => {
      const gina = await tokens.sign('gina-uid', 'gina@example.com');
      const hugo = await tokens.sign('hugo-uid', 'hugo@example.com');
      await call(app, '/link-device', { token: gina, body: { deviceId: 'gina-phone', deviceName: 'Gina phone' } });
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('gina-uid', 'cus_gina', 'gina@example.com')));
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_gina', 'cus_gina', 'trialing')));

      const together = await call(app, '/page-reads', { token: gina, body: { reads: READS } });
      expect(together.status).toBe(200);
      const answers = await together.json();
      expect(Object.keys(answers).sort()).toEqual([...READS].sort());
      for (const read of READS) expect([read, answers[read]]).toEqual([read, await (await call(app, `/${read}`, { token: gina })).json()]);
      expect(answers['get-device-info']).toEqual({ deviceId: 'gina-phone', deviceName: 'Gina phone' });
      expect(answers['get-user-info']).toEqual({ trialActivated: true, subscriptionActive: true });

      // Only what is asked for, each once; and another user, naming Gina, reads his own.
      const his = await call(app, '/page-reads', { token: hugo, body: { reads: ['get-device-info', 'get-device-info'], uid: 'gina-uid' } });
      expect(await his.json()).toEqual({ 'get-device-info': { deviceId: null, deviceName: null } });
    });

    it("shows a live subscription first, else the latest, its product's name, and reads the user's subscriptions once for both reads", async () => {
      const jana = await tokens.sign('jana-uid', 'jana@example.com');
      await call(app, '/register-user', { token: jana });
      const subscription = (id: string, status: string, lastEventAt: number, productId: string | null) =>
        db.query(
          `INSERT INTO subscriptions (subscription_id, customer_id, uid, status, trial_end, product_id, last_event_at, last_event_rank)
           VALUES ($1, 'cus_jana', 'jana-uid', $2, NULL, $3, $4, 1)`,
          [id, status, productId, lastEventAt],
        );
      await db.query("INSERT INTO stripe_products (product_id, name, last_event_at) VALUES ('prod_jana', 'Jana''s plan', 1)");
      await subscription('sub_jana_old', 'canceled', 1_700_000_000, null);
      await subscription('sub_jana_later', 'incomplete_expired', 1_700_000_500, 'prod_jana');
      const current = async () => (await (await call(app, '/page-reads', { token: jana, body: { reads: READS } })).json())['get-subscription-info'];
      // None live: the latest, with its product's name as Stripe sent it.
      expect(await current()).toMatchObject({ isActive: false, productName: "Jana's plan" });
      // A live one, older than a later canceled one, comes first.
      await subscription('sub_jana_live', 'active', 1_600_000_000, 'prod_full');
      await subscription('sub_jana_latest', 'canceled', 1_800_000_000, null);
      expect(await current()).toMatchObject({ isActive: true, productName: 'Full plan' });

      // One read of the subscriptions for the user's and the subscription's answers.
      const statements: string[] = [];
      const query = db.query.bind(db);
      const spy = jest.spyOn(db, 'query').mockImplementation(async (sql: string, params?: unknown[]) => {
        statements.push(sql);
        return query(sql, params);
      });
      try {
        const answers = await (await call(app, '/page-reads', { token: jana, body: { reads: READS } })).json();
        expect(answers['get-user-info']).toEqual({ trialActivated: true, subscriptionActive: true });
      } finally {
        spy.mockRestore();
      }
      expect(statements.filter((sql) => /\bFROM subscriptions\b/.test(sql))).toHaveLength(1);
    });

    it('refuses a read it does not answer together, an empty or missing list, a body that is not JSON, and no token, each with its 4xx', async () => {
      const ivo = await tokens.sign('ivo-uid', 'ivo@example.com');
      for (const body of [{ reads: ['get-user-info', 'export-account-data'] }, { reads: [] }, {}, { reads: 'get-user-info' }]) {
        const refused = await call(app, '/page-reads', { token: ivo, body });
        expect([JSON.stringify(body), refused.status]).toEqual([JSON.stringify(body), 400]);
        expect((await refused.json()).error.code).toBe('invalid_body');
      }
      const notJson = await request(app, '/page-reads', { method: 'POST', headers: { Authorization: `Bearer ${ivo}`, 'Content-Type': 'text/plain' }, body: 'get-user-info' });
      expect(notJson.status).toBe(415);
      const anonymous = await call(app, '/page-reads', { body: { reads: ['get-user-info'] } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('contact and newsletter', () => {
    it('stores a contact message', async () => {
      const message = { firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: 'Eligibilitate', message: 'Bună ziua! Aș dori detalii.' };
      const response = await call(app, '/contact', { body: message });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      const { rows } = await db.query('SELECT firstname, lastname, email, subject, message FROM contact_messages WHERE id = $1', [id]);
      expect(rows[0]).toEqual(message);
    });

    describe('Idempotency-Key', () => {
      const message = { firstname: 'Radu', lastname: 'Ion', email: 'radu@example.com', subject: 'Retry', message: 'Sent twice after a timeout.' };
      const count = async (key: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages WHERE idempotency_key = $1', [key])).rows[0]!.n;

      it('stores a message sent twice with the same key once, and answers 201 with the same id both times', async () => {
        const key = 'b6f1c1e4-3c1e-4e55-9a57-0d6f3b1a0001';
        const first = await call(app, '/contact', { body: message, headers: { 'Idempotency-Key': key } });
        const second = await call(app, '/contact', { body: message, headers: { 'Idempotency-Key': key } });
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(await second.json()).toEqual(await first.json());
        expect(await count(key)).toBe(1);
      });

      it('stores one message when the same key arrives ten times at once', async () => {
        const key = 'b6f1c1e4-3c1e-4e55-9a57-0d6f3b1a0002';
        const responses = await Promise.all(Array.from({ length: 10 }, () => call(app, '/contact', { body: message, headers: { 'Idempotency-Key': key } })));
        expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
        const ids = await Promise.all(responses.map(async (r) => (await r.json()).id));
        expect(new Set(ids).size).toBe(1);
        expect(await count(key)).toBe(1);
      });

      it('refuses a key already used for another message with 422, and keeps the first', async () => {
        const key = 'b6f1c1e4-3c1e-4e55-9a57-0d6f3b1a0003';
        await call(app, '/contact', { body: message, headers: { 'Idempotency-Key': key } });
        const reused = await call(app, '/contact', { body: { ...message, message: 'Something else.' }, headers: { 'Idempotency-Key': key } });
        expect(reused.status).toBe(422);
        expect((await reused.json()).error.code).toBe('idempotency_key_reused');
        const { rows } = await db.query('SELECT message FROM contact_messages WHERE idempotency_key = $1', [key]);
        expect(rows).toEqual([{ message: message.message }]);
      });

      it.each([
        ['too long', 'k'.repeat(201)],
        ['with a space', 'two words'],
        ['not ASCII', 'clé-ăîș'],
      ])('refuses a key %s with 400 and stores nothing', async (_case, key) => {
        const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages')).rows[0]!.n;
        const response = await request(app, '/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': encodeURI(key) === key ? key : Buffer.from(key).toString('latin1') },
          body: JSON.stringify(message),
        });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe('invalid_idempotency_key');
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages')).rows[0]!.n).toBe(before);
      });

      it('lets the site send the header from its own origin (CORS preflight)', async () => {
        const preflight = await request(app, '/contact', {
          method: 'OPTIONS',
          headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
        });
        expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000');
        expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('idempotency-key');
      });

      it('stores each message sent without a key', async () => {
        const before = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE subject = 'No key'")).rows[0]!.n;
        await call(app, '/contact', { body: { ...message, subject: 'No key' } });
        await call(app, '/contact', { body: { ...message, subject: 'No key' } });
        expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE subject = 'No key'")).rows[0]!.n).toBe(before + 2);
      });
    });

    it('takes a newsletter subscription (to be confirmed), and subscribing twice is not an error', async () => {
      expect((await call(app, '/newsletter', { body: { email: 'Reader@Example.com' } })).status).toBe(202);
      const twice = await call(app, '/newsletter', { body: { email: 'reader@example.com' } });
      expect(twice.status).toBe(202);
      expect(await twice.json()).toEqual({ confirmationRequested: true });
      const { rows } = await db.query("SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE email = 'reader@example.com'");
      expect(rows[0]).toEqual({ n: 1 });
    });
  });

  describe('health', () => {
    it('answers liveness and readiness including the database', async () => {
      expect(await (await request(app, '/healthz')).json()).toEqual({ status: 'ok' });
      expect(await (await request(app, '/readyz')).json()).toEqual({ status: 'ready', database: backend });
    });
  });

  describe('Stripe webhooks', () => {
    const grace = () => tokens.sign('grace-uid', 'grace@example.com');

    it('starts a trial: checkout links the customer, the subscription event sets the state', async () => {
      const token = await grace();
      await call(app, '/register-user', { token });
      const trialEnd = Math.floor(Date.now() / 1000) + 14 * 86400;
      const checkout = await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('grace-uid', 'cus_grace', 'GRACE@example.com')));
      expect(checkout.status).toBe(200);
      expect(await checkout.json()).toEqual({ received: true, outcome: 'linked' });
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_grace', 'cus_grace', 'trialing', { trial_end: trialEnd })));

      expect(await (await call(app, '/get-subscription-info', { token })).json()).toEqual({
        isActive: true,
        isTrial: true,
        trialEndTimestamp: trialEnd,
        productName: 'Full plan',
        plan: null, // a product of the Stripe account, not one of the local plans
        cancelAt: null,
      });
      expect(await (await call(app, '/get-user-info', { token })).json()).toEqual({ trialActivated: true, subscriptionActive: true });
    });

    it('ends it on customer.subscription.deleted; trialActivated stays true', async () => {
      // A trial of this test's own (the one above may not have run).
      const token = await tokens.sign('hana-uid', 'hana@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('hana-uid', 'cus_hana', 'hana@example.com')));
      const t = Math.floor(Date.now() / 1000);
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_hana', 'cus_hana', 'trialing', { trial_end: t + 14 * 86400 }), t));
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, isTrial: true });

      await signedWebhook(app, stripeEvent('customer.subscription.deleted', subscriptionObject('sub_hana', 'cus_hana', 'canceled'), t + 5));
      const info = await (await call(app, '/get-subscription-info', { token })).json();
      expect(info).toMatchObject({ isActive: false, isTrial: false });
      expect(await (await call(app, '/get-user-info', { token })).json()).toEqual({ trialActivated: true, subscriptionActive: false });
    });

    it('attaches subscription events that arrived before the checkout', async () => {
      const token = await tokens.sign('heidi-uid', 'heidi@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_heidi', 'cus_heidi', 'active')));
      expect((await (await call(app, '/get-subscription-info', { token })).json()).isActive).toBe(false);
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('heidi-uid', 'cus_heidi', 'heidi@example.com')));
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, productName: 'Full plan' });
    });

    it('converges when an older update arrives after a newer one', async () => {
      const token = await tokens.sign('ivan-uid', 'ivan@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('ivan-uid', 'cus_ivan', 'ivan@example.com')));
      const t = Math.floor(Date.now() / 1000);
      const newer = stripeEvent('customer.subscription.updated', subscriptionObject('sub_ivan', 'cus_ivan', 'past_due'), t + 20);
      const older = stripeEvent('customer.subscription.updated', subscriptionObject('sub_ivan', 'cus_ivan', 'active'), t + 10);
      await signedWebhook(app, newer);
      const stale = await signedWebhook(app, older);
      expect(await stale.json()).toEqual({ received: true, outcome: 'subscription_stale' });
      const { rows } = await db.query('SELECT status FROM subscriptions WHERE subscription_id = $1', ['sub_ivan']);
      expect(rows[0]).toEqual({ status: 'past_due' });
      expect((await (await call(app, '/get-subscription-info', { token })).json()).isActive).toBe(false);
    });

    it('acknowledges a replayed event and changes nothing', async () => {
      const token = await tokens.sign('judy-uid', 'judy@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('judy-uid', 'cus_judy', 'judy@example.com')));
      const t = Math.floor(Date.now() / 1000);
      const created = stripeEvent('customer.subscription.created', subscriptionObject('sub_judy', 'cus_judy', 'trialing'), t);
      await signedWebhook(app, created);
      await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_judy', 'cus_judy', 'active'), t + 1));
      const replay = await signedWebhook(app, created);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, isTrial: false });
    });

    it('keeps a checkout for a user who has not registered yet, and applies it when the user registers', async () => {
      const response = await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('olga-uid', 'cus_olga', 'olga@example.com')));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'pending_user' });
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_olga', 'cus_olga', 'trialing')));
      const { rows } = await db.query("SELECT count(*)::int AS n FROM stripe_customers WHERE customer_id = 'cus_olga'");
      expect(rows[0]).toEqual({ n: 0 });

      const token = await tokens.sign('olga-uid', 'olga@example.com');
      expect((await call(app, '/register-user', { token })).status).toBe(200);
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, isTrial: true, productName: 'Full plan' });
      expect(await (await call(app, '/get-user-info', { token })).json()).toEqual({ trialActivated: true, subscriptionActive: true });
      const { rows: pending } = await db.query("SELECT count(*)::int AS n FROM pending_checkouts WHERE uid = 'olga-uid'");
      expect(pending[0]).toEqual({ n: 0 });
    });

    it('applies a pending checkout when the user first appears by linking a phone', async () => {
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('pavel-uid', 'cus_pavel', 'pavel@example.com')));
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_pavel', 'cus_pavel', 'active')));
      const token = await tokens.sign('pavel-uid', 'pavel@example.com');
      expect((await call(app, '/link-device', { token, body: { deviceId: 'pavel-phone', deviceName: 'Pavel' } })).status).toBe(200);
      expect((await (await call(app, '/get-subscription-info', { token })).json()).isActive).toBe(true);
    });

    it("does not apply a pending checkout whose email is not the registering user's, and logs it as one JSON line with no email", async () => {
      log.clear();
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('quinn-uid', 'cus_quinn', 'someone.else@example.com')));
      await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_quinn', 'cus_quinn', 'active')));
      const token = await tokens.sign('quinn-uid', 'quinn@example.com');
      await call(app, '/register-user', { token });
      expect((await (await call(app, '/get-subscription-info', { token })).json()).isActive).toBe(false);
      const { rows } = await db.query("SELECT count(*)::int AS n FROM stripe_customers WHERE customer_id = 'cus_quinn'");
      expect(rows[0]).toEqual({ n: 0 });
      expect(log.lines().filter((line) => line.customerId === 'cus_quinn')).toEqual([
        expect.objectContaining({ level: 40, msg: "a pending checkout names another email than its user's: not linked" }),
      ]);
      expect(log.text()).not.toContain('@example.com');
    });

    it.each([
      ['a null data.object', 'customer.subscription.updated', null],
      ['a subscription without an id', 'customer.subscription.updated', { object: 'subscription', customer: 'cus_x', status: 'active' }],
      ['a checkout without an id', 'checkout.session.completed', { object: 'checkout.session', client_reference_id: 'alice-uid', customer: 'cus_x' }],
      ['a product without a name', 'product.updated', { id: 'prod_x', object: 'product' }],
      ['a subscription without a status', 'customer.subscription.created', { id: 'sub_x', object: 'subscription', customer: 'cus_x' }],
    ])('refuses a signed event with %s with 400 and records nothing', async (_case, type, object) => {
      const event = stripeEvent(type, object as Record<string, unknown>);
      const response = await signedWebhook(app, event);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('event_invalid');
      const { rows } = await db.query('SELECT count(*)::int AS n FROM stripe_events WHERE event_id = $1', [event.id]);
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('acknowledges an event of a type it does not handle, whatever its object', async () => {
      const response = await signedWebhook(app, stripeEvent('balance.available', { object: 'balance', available: [] }));
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored_type' });
    });

    it("ignores a checkout whose email is not the user's", async () => {
      const token = await tokens.sign('kim-uid', 'kim@example.com');
      await call(app, '/register-user', { token });
      const response = await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('kim-uid', 'cus_kim', 'someone.else@example.com')));
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored_email_mismatch' });
    });

    it('takes product names from product events when configuration has none', async () => {
      const token = await tokens.sign('liam-uid', 'liam@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('product.created', { id: 'prod_family', object: 'product', name: 'Family plan' }));
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('liam-uid', 'cus_liam', 'liam@example.com')));
      await signedWebhook(
        app,
        stripeEvent(
          'customer.subscription.created',
          subscriptionObject('sub_liam', 'cus_liam', 'active', {
            items: { object: 'list', data: [{ id: 'si_l', current_period_end: 1_900_000_000, price: { id: 'price_fam', product: 'prod_family' } }] },
          }),
        ),
      );
      expect((await (await call(app, '/get-subscription-info', { token })).json()).productName).toBe('Family plan');
    });

    it.each([
      ['a tampered body', { payload: JSON.stringify({ id: 'evt_x', type: 'customer.subscription.created', data: { object: { id: 'sub_evil' } } }) }],
      ['the wrong secret', { secret: 'whsec_wrong' }],
      ['a stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
    ])('refuses %s with 400 and stores nothing', async (_case, options) => {
      const event = stripeEvent('customer.subscription.created', subscriptionObject('sub_refused', 'cus_refused', 'active'));
      const response = await signedWebhook(app, event, options);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('signature_invalid');
      const { rows } = await db.query("SELECT count(*)::int AS n FROM subscriptions WHERE subscription_id IN ('sub_refused', 'sub_evil')");
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('refuses an event without a signature', async () => {
      const response = await request(app, '/stripe/webhook', { method: 'POST', body: '{}' });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('signature_missing');
    });
  });
});
