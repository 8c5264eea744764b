import Stripe from 'stripe';
import type { Database } from './db/database';
import { backends, call, checkoutObject, signedWebhook, startService, stripeEvent, subscriptionObject, tokenFactory, type TestApp, type Tokens } from './testing/harness';

const RETURN_URL = 'http://localhost:3000/account?tab=subscription';
const session = (url: string) => ({ id: 'bps_123', object: 'billing_portal.session', url }) as unknown as Stripe.Response<Stripe.BillingPortal.Session>;

describe.each(backends)('with STRIPE_SECRET_KEY, POST /billing-portal/session on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  // A real client; its portal-session API is a stub: this test never uses the network.
  const stripe = new Stripe('sk_test_stub_never_sent');
  const create = jest.spyOn(stripe.billingPortal.sessions, 'create');
  const retrieve = jest.spyOn(stripe.subscriptions, 'retrieve');

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens, { STRIPE_SECRET_KEY: 'sk_test_stub_never_sent' }, { stripe }));
  });
  afterAll(() => db.close());
  beforeEach(() => create.mockReset());

  /** A user whose checkout made them a Stripe customer, with a live subscription. */
  async function customer(uid: string) {
    const token = await tokens.sign(uid, `${uid}@example.com`);
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject(uid, `cus_${uid}`, `${uid}@example.com`)));
    const subscription = subscriptionObject(`sub_${uid}`, `cus_${uid}`, 'active');
    retrieve.mockResolvedValueOnce(subscription as unknown as Stripe.Response<Stripe.Subscription>);
    await signedWebhook(app, stripeEvent('customer.subscription.created', subscription));
    return token;
  }

  it("opens the portal's home for the user's own customer, returning to the site", async () => {
    const token = await customer('lia');
    create.mockResolvedValueOnce(session('https://billing.stripe.com/p/session/test_home'));
    const response = await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: RETURN_URL } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_home' });
    expect(create).toHaveBeenCalledWith({ customer: 'cus_lia', return_url: RETURN_URL }, expect.objectContaining({ timeout: expect.any(Number) }));
  });

  it("deep-links the cancel link to the cancellation of the user's live subscription", async () => {
    const token = await customer('mihai');
    create.mockResolvedValueOnce(session('https://billing.stripe.com/p/session/test_cancel'));
    const response = await call(app, '/billing-portal/session', { token, body: { flow: 'cancel', returnUrl: RETURN_URL } });
    expect(await response.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_cancel' });
    expect(create).toHaveBeenCalledWith(
      {
        customer: 'cus_mihai',
        return_url: RETURN_URL,
        flow_data: {
          type: 'subscription_cancel',
          subscription_cancel: { subscription: 'sub_mihai' },
          after_completion: { type: 'redirect', redirect: { return_url: RETURN_URL } },
        },
      },
      expect.anything(),
    );
  });

  it('deep-links the payment link to the payment-method update', async () => {
    const token = await customer('nelu');
    create.mockResolvedValueOnce(session('https://billing.stripe.com/p/session/test_card'));
    await call(app, '/billing-portal/session', { token, body: { flow: 'payment_method', returnUrl: RETURN_URL } });
    expect(create.mock.calls[0]?.[0]).toEqual({
      customer: 'cus_nelu',
      return_url: RETURN_URL,
      flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: RETURN_URL } } },
    });
  });

  it('answers 404 for a user who is no Stripe customer, 409 for a cancel with nothing live, never asking Stripe', async () => {
    const token = await tokens.sign('oana', 'oana@example.com');
    await call(app, '/register-user', { token });
    const none = await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: RETURN_URL } });
    expect(none.status).toBe(404);
    expect((await none.json()).error.code).toBe('no_customer');

    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('oana', 'cus_oana', 'oana@example.com')));
    const nothingLive = await call(app, '/billing-portal/session', { token, body: { flow: 'cancel', returnUrl: RETURN_URL } });
    expect(nothingLive.status).toBe(409);
    expect((await nothingLive.json()).error.code).toBe('subscription_not_active');
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a return address off the site, an unknown flow and a missing token with 4xx', async () => {
    const token = await customer('paul');
    const elsewhere = await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: 'https://evil.example/account' } });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.code).toBe('return_url_not_allowed');
    expect((await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: 'javascript:alert(1)' } })).status).toBe(400);
    expect((await call(app, '/billing-portal/session', { token, body: { flow: 'refund', returnUrl: RETURN_URL } })).status).toBe(400);
    expect((await call(app, '/billing-portal/session', { body: { flow: 'manage', returnUrl: RETURN_URL } })).status).toBe(401);
    expect(create).not.toHaveBeenCalled();
  });

  it('answers 502 when Stripe does not create the session (the site then uses the portal link)', async () => {
    const token = await customer('raul');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    create.mockRejectedValueOnce(new Stripe.errors.StripeConnectionError({ message: 'connection refused' }));
    const response = await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: RETURN_URL } });
    logged.mockRestore();
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('stripe_unavailable');
  });
});

describe('POST /billing-portal/session without a Stripe secret key', () => {
  it('answers 404, so the site uses the configured portal URL', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens);
    try {
      const token = await tokens.sign('sara', 'sara@example.com');
      const response = await call(app, '/billing-portal/session', { token, body: { flow: 'manage', returnUrl: RETURN_URL } });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('portal_sessions_disabled');
    } finally {
      await db.close();
    }
  });
});

describe.each(backends)("a cancellation made in Stripe's portal, on %s", (backend) => {
  it('is stored from the webhook: still active, ending at the period end; a resume clears it', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService(backend, tokens);
    try {
      const token = await tokens.sign('tina', 'tina@example.com');
      await call(app, '/register-user', { token });
      await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('tina', 'cus_tina', 'tina@example.com')));
      const t = Math.floor(Date.now() / 1000);
      // subscriptionObject's period ends at 1_900_000_000.
      await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_tina', 'cus_tina', 'active', { cancel_at_period_end: true }), t));
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, cancelAt: 1_900_000_000 });
      await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_tina', 'cus_tina', 'active', { cancel_at_period_end: false }), t + 1));
      expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, cancelAt: null });
    } finally {
      await db.close();
    }
  });
});
