import Stripe from 'stripe';
import type { Database } from './db/database';
import { createTokenVerifier } from './identity/verifyIdToken';
import { createService } from './service';
import {
  backends,
  call,
  checkoutObject,
  deferred,
  hasSettled,
  freshDatabase,
  PROJECT_ID,
  signedWebhook,
  stripeEvent,
  subscriptionObject,
  testConfig,
  tokenFactory,
  type TestApp,
  type Tokens,
} from './testing/harness';

/** The subscription as Stripe's API returns it, the product expanded. */
const current = (id: string, customer: string, status: string) =>
  subscriptionObject(id, customer, status, {
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, current_period_end: 1_900_000_000, price: { id: 'price_family', product: { id: 'prod_family_api', object: 'product', name: 'Family plan' } } }],
    },
  }) as unknown as Stripe.Response<Stripe.Subscription>;

// On a pool of one connection (PGlite has one): a call holding it while Stripe answers would stop every other call.
describe.each(backends)("with STRIPE_SECRET_KEY, subscription events read Stripe's API, on %s", (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  // A real client for the signatures; its subscriptions API is a stub: this test never uses the network.
  const stripe = new Stripe('sk_test_stub_never_sent');
  const retrieve = jest.spyOn(stripe.subscriptions, 'retrieve');

  beforeAll(async () => {
    tokens = await tokenFactory();
    db = await freshDatabase(backend, { maxConnections: 1 });
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
    ({ app } = await createService(testConfig({ STRIPE_SECRET_KEY: 'sk_test_stub_never_sent' }), { db, verifyToken, stripe }));
  });
  afterAll(() => db.close());
  beforeEach(() => retrieve.mockReset());

  /** The next read of Stripe's API waits until the test answers it; `asked` resolves once it has been made. */
  function slowRead() {
    const asked = deferred();
    const answer = deferred<Stripe.Response<Stripe.Subscription>>();
    retrieve.mockImplementationOnce(() => {
      asked.resolve();
      return answer.promise as never;
    });
    return { asked: asked.promise, answer };
  }

  async function customer(uid: string) {
    const token = await tokens.sign(uid, `${uid}@example.com`);
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject(uid, `cus_${uid}`, `${uid}@example.com`)));
    return token;
  }

  it('stores the state Stripe holds now when two updates of the same second arrive in the wrong order', async () => {
    const token = await customer('sara');
    const t = Math.floor(Date.now() / 1000);
    // Stripe went active -> past_due within one second; the past_due event arrives first.
    retrieve.mockResolvedValue(current('sub_sara', 'cus_sara', 'past_due'));
    await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_sara', 'cus_sara', 'past_due'), t));
    const late = await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_sara', 'cus_sara', 'active'), t));
    expect(await late.json()).toEqual({ received: true, outcome: 'subscription_saved' });

    expect(retrieve).toHaveBeenCalledWith('sub_sara', { expand: ['items.data.price.product'] }, expect.objectContaining({ timeout: expect.any(Number) }));
    const { rows } = await db.query('SELECT status FROM subscriptions WHERE subscription_id = $1', ['sub_sara']);
    expect(rows[0]).toEqual({ status: 'past_due' });
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: false, productName: 'Family plan' });
  });

  it("holds no database connection while Stripe's API answers: another user's call is served meanwhile", async () => {
    await customer('viorel');
    const otherUser = await customer('wanda');
    const read = slowRead();
    const webhook = signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_viorel', 'cus_viorel', 'active')));
    await read.asked;

    const meanwhile = await call(app, '/get-user-info', { token: otherUser });
    expect(meanwhile.status).toBe(200);
    expect(await hasSettled(webhook)).toBe(false);

    read.answer.resolve(current('sub_viorel', 'cus_viorel', 'active'));
    expect(await (await webhook).json()).toEqual({ received: true, outcome: 'subscription_saved' });
  });

  it('stores the state of the read that started last, whichever answer comes back first', async () => {
    const token = await customer('xenia');
    // The first event's read is slow and sees the subscription active; the second's, started after it, sees it past due.
    const first = slowRead();
    const earlier = signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_xenia', 'cus_xenia', 'active')));
    await first.asked;
    retrieve.mockResolvedValueOnce(current('sub_xenia', 'cus_xenia', 'past_due'));
    const later = await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_xenia', 'cus_xenia', 'past_due')));
    expect(await later.json()).toEqual({ received: true, outcome: 'subscription_saved' });

    first.answer.resolve(current('sub_xenia', 'cus_xenia', 'active'));
    expect(await (await earlier).json()).toEqual({ received: true, outcome: 'subscription_stale' });
    const { rows } = await db.query('SELECT status FROM subscriptions WHERE subscription_id = $1', ['sub_xenia']);
    expect(rows[0]).toEqual({ status: 'past_due' });
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: false });
  });

  it("answers 503 and records nothing when Stripe's API fails, so that Stripe sends the event again", async () => {
    await customer('tudor');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    retrieve.mockRejectedValueOnce(new Stripe.errors.StripeConnectionError({ message: 'connection refused' }));
    const event = stripeEvent('customer.subscription.created', subscriptionObject('sub_tudor', 'cus_tudor', 'active'));
    const failed = await signedWebhook(app, event);
    logged.mockRestore();
    expect(failed.status).toBe(503);
    expect((await failed.json()).error.code).toBe('stripe_unavailable');
    const { rows } = await db.query('SELECT count(*)::int AS n FROM stripe_events WHERE event_id = $1', [event.id]);
    expect(rows[0]).toEqual({ n: 0 });

    retrieve.mockResolvedValueOnce(current('sub_tudor', 'cus_tudor', 'active'));
    expect(await (await signedWebhook(app, event)).json()).toEqual({ received: true, outcome: 'subscription_saved' });
  });

  it('takes a deleted subscription Stripe no longer has from the event, as canceled', async () => {
    const token = await customer('ursula');
    retrieve.mockResolvedValueOnce(current('sub_ursula', 'cus_ursula', 'active'));
    await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject('sub_ursula', 'cus_ursula', 'active')));
    retrieve.mockRejectedValueOnce(new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' }));
    await signedWebhook(app, stripeEvent('customer.subscription.deleted', subscriptionObject('sub_ursula', 'cus_ursula', 'active')));
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: false });
  });
});

it("without STRIPE_SECRET_KEY never calls Stripe's API and keeps the newest event", async () => {
  const tokens = await tokenFactory();
  const db = await freshDatabase('pglite');
  const stripe = new Stripe('sk_test_webhook_verification_only');
  const retrieve = jest.spyOn(stripe.subscriptions, 'retrieve');
  try {
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
    const { app } = await createService(testConfig(), { db, verifyToken, stripe });
    const t = Math.floor(Date.now() / 1000);
    await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_v', 'cus_v', 'past_due'), t + 1));
    await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_v', 'cus_v', 'active'), t));
    const { rows } = await db.query('SELECT status FROM subscriptions WHERE subscription_id = $1', ['sub_v']);
    expect(rows[0]).toEqual({ status: 'past_due' });
    expect(retrieve).not.toHaveBeenCalled();
  } finally {
    await db.close();
  }
});
