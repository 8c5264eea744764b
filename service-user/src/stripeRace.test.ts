// One Stripe event delivered twice at the same moment: Stripe sends it again while the first
// delivery is still being answered, or two replicas each get one. The event is recorded once,
// applied once, and both deliveries are answered 200 (the second as a duplicate), so Stripe stops
// sending it and nothing of it is lost.
import Stripe from 'stripe';
import type { Database, Queryable } from './db/database';
import { createTokenVerifier } from './identity/verifyIdToken';
import { createService } from './service';
import {
  backends,
  call,
  checkoutObject,
  deferred,
  freshDatabase,
  PROJECT_ID,
  sharedPostgresDatabases,
  signedWebhook,
  stripeEvent,
  subscriptionObject,
  testConfig,
  tokenFactory,
  type TestApp,
  type TestResponse,
  type Tokens,
} from './testing/harness';

/** Resolves for everyone once `parties` have arrived (or once `open()` is called). */
function meeting(parties: number) {
  let arrived = 0;
  const everyone = deferred();
  return {
    arrive() {
      arrived += 1;
      if (arrived >= parties) everyone.resolve();
      return everyone.promise;
    },
    open: () => everyone.resolve(),
    arrived: () => arrived,
  };
}

// The statements that apply an event: a subscription's state, a checkout's customer.
const APPLIES = /^\s*INSERT INTO (subscriptions|stripe_customers)\b/;

/**
 * What the service sees of its database while the gate is armed: each delivery's transaction starts
 * only once both deliveries have reached theirs (both verified, neither recorded yet); on
 * PostgreSQL, where each transaction has a connection of its own, both are open before either
 * records the event. Counts the statements that apply an event. One gate for every service
 * (replica) in the race.
 */
function raceGate() {
  let armed = false;
  let begin = meeting(2);
  let record = meeting(2);
  let applied = 0;
  const watched = (tx: Queryable): Queryable => ({
    ...tx,
    query: async <T>(sql: string, params?: unknown[]) => {
      if (/^\s*INSERT INTO stripe_events\b/.test(sql)) await record.arrive();
      if (APPLIES.test(sql)) applied += 1;
      return tx.query<T>(sql, params);
    },
  });
  return {
    wrap: (db: Database): Database => ({
      ...db,
      transaction: async (work) => {
        if (!armed) return db.transaction(work);
        await begin.arrive();
        // PGlite has one connection: the second transaction starts once the first has ended.
        if (db.kind === 'pglite') record.open();
        return db.transaction((tx) => work(watched(tx)));
      },
    }),
    /** Both deliveries at once, each to its service; the gate is open again once both are answered. */
    async race(deliver: [() => Promise<TestResponse>, () => Promise<TestResponse>]) {
      armed = true;
      begin = meeting(2);
      record = meeting(2);
      applied = 0;
      const deliveries = deliver.map((send) =>
        send().finally(() => {
          // A delivery answered without a transaction: the other one waits for nobody.
          begin.open();
          record.open();
        }),
      );
      try {
        const responses = await Promise.all(deliveries);
        return {
          statuses: responses.map((response) => response.status),
          outcomes: (await Promise.all(responses.map(async (response) => (await response.json()).outcome))).sort(),
          /** Both deliveries were in a transaction at the same moment (the race took place). */
          met: begin.arrived() === 2,
          applied,
        };
      } finally {
        armed = false;
      }
    },
  };
}

describe.each(backends)('one Stripe event delivered twice at the same moment, on %s', (backend) => {
  let tokens: Tokens;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    tokens = await tokenFactory();
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** A service on the database, through the gate; `stripe` reads subscriptions when STRIPE_SECRET_KEY is set. */
  async function service(db: Database, gate: ReturnType<typeof raceGate>, { stripe }: { stripe?: Stripe } = {}) {
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
    const env: Record<string, string> = stripe ? { STRIPE_SECRET_KEY: 'sk_test_stub_never_sent' } : {};
    return (await createService(testConfig(env), { db: gate.wrap(db), verifyToken, ...(stripe ? { stripe } : {}) })).app;
  }

  async function oneService(options: { stripe?: Stripe } = {}) {
    const db = await freshDatabase(backend);
    closers.push(() => db.close());
    const gate = raceGate();
    const app = await service(db, gate, options);
    return { gate, db, apps: [app, app] as const };
  }

  /** A customer who paid: registered, the checkout linked. */
  async function customer(app: TestApp, uid: string) {
    const token = await tokens.sign(uid, `${uid}@example.com`);
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject(uid, `cus_${uid}`, `${uid}@example.com`)));
    return token;
  }

  const eventsRecorded = async (db: Database, id: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stripe_events WHERE event_id = $1', [id])).rows[0]!.n;

  async function raceSubscriptionEvent(gate: ReturnType<typeof raceGate>, db: Database, apps: readonly [TestApp, TestApp], uid: string) {
    const token = await customer(apps[0], uid);
    const event = stripeEvent('customer.subscription.created', subscriptionObject(`sub_${uid}`, `cus_${uid}`, 'active'));
    const race = await gate.race([() => signedWebhook(apps[0], event), () => signedWebhook(apps[1], event)]);

    expect(race.met).toBe(true);
    expect(race.statuses).toEqual([200, 200]);
    expect(race.outcomes).toEqual(['duplicate', 'subscription_saved']);
    expect(race.applied).toBe(1);
    expect(await eventsRecorded(db, event.id)).toBe(1);
    expect((await db.query('SELECT status, uid FROM subscriptions WHERE subscription_id = $1', [`sub_${uid}`])).rows).toEqual([{ status: 'active', uid }]);
    expect(await (await call(apps[1], '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, productName: 'Full plan' });
  }

  it('applies a subscription event once: both answered 200, one saved, one a duplicate, the event recorded once', async () => {
    const { gate, db, apps } = await oneService();
    await raceSubscriptionEvent(gate, db, apps, 'rita');
  });

  it("applies it once when each delivery first reads the subscription from Stripe's API (STRIPE_SECRET_KEY)", async () => {
    const stripe = new Stripe('sk_test_stub_never_sent');
    const retrieve = jest.spyOn(stripe.subscriptions, 'retrieve').mockResolvedValue(subscriptionObject('sub_sami', 'cus_sami', 'active') as never);
    const { gate, db, apps } = await oneService({ stripe });
    await raceSubscriptionEvent(gate, db, apps, 'sami');
    // Neither delivery found the event recorded before its read: both read, the transaction told them apart.
    expect(retrieve).toHaveBeenCalledTimes(2);
  });

  it('links a checkout once: both answered 200, one linked, one a duplicate, the event recorded once', async () => {
    const { gate, db, apps } = await oneService();
    const token = await tokens.sign('toma', 'toma@example.com');
    await call(apps[0], '/register-user', { token });
    const event = stripeEvent('checkout.session.completed', checkoutObject('toma', 'cus_toma', 'toma@example.com'));
    const race = await gate.race([() => signedWebhook(apps[0], event), () => signedWebhook(apps[1], event)]);

    expect(race.met).toBe(true);
    expect(race.statuses).toEqual([200, 200]);
    expect(race.outcomes).toEqual(['duplicate', 'linked']);
    expect(race.applied).toBe(1);
    expect(await eventsRecorded(db, event.id)).toBe(1);
    expect((await db.query("SELECT uid FROM stripe_customers WHERE customer_id = 'cus_toma'")).rows).toEqual([{ uid: 'toma' }]);
  });

  if (backend === 'postgres') {
    it('applies it once when the two deliveries reach two replicas sharing the database', async () => {
      const { databases, close } = await sharedPostgresDatabases(2);
      closers.push(close);
      const gate = raceGate();
      const replicas = [await service(databases[0]!, gate), await service(databases[1]!, gate)] as const;
      await raceSubscriptionEvent(gate, databases[0]!, replicas, 'ugo');
    });
  }
});
