import type { Database } from './db/database';
import { backends, call, checkoutObject, signedWebhook, startService, stripeEvent, subscriptionObject, tokenFactory, type TestApp, type Tokens } from './testing/harness';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe.each(backends)('the local customer portal on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens));
  });
  afterAll(() => db.close());

  /**
   * The events the portal's last action delivered to the webhook (recorded there, as Stripe's are),
   * in the order they arrived: each in a transaction of its own, one after the other, so by the
   * transaction that stored it (xmin). Not by received_at: PGlite's clock counts milliseconds, and
   * two events stored within one had the same time (then ordered by type: a flaky test).
   */
  async function eventsSince(mark: number): Promise<string[]> {
    const { rows } = await db.query<{ type: string }>(
      "SELECT type FROM stripe_events WHERE event_id LIKE 'evt_local_%' AND received_at >= to_timestamp($1) ORDER BY xmin::text::bigint",
      [mark / 1000],
    );
    return rows.map((row) => row.type);
  }

  async function withTrial(uid: string) {
    const token = await tokens.sign(uid, `${uid}@example.com`);
    await call(app, '/register-user', { token });
    expect((await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } })).status).toBe(200);
    const portal = await (await call(app, '/local-billing/portal', { token })).json();
    return { token, subscription: portal.subscription.id as string };
  }

  const update = (token: string, body: unknown) => call(app, '/local-billing/portal/update', { token, body });

  it('shows the subscription local billing started, and the plans it can switch to', async () => {
    const { token } = await withTrial('ana-uid');
    const portal = await (await call(app, '/local-billing/portal', { token })).json();
    expect(portal).toEqual({
      subscription: {
        id: expect.stringMatching(/^sub_local_/),
        status: 'trialing',
        live: true,
        plan: 'trial',
        productName: 'Free Trial',
        currentPeriodEnd: expect.any(Number),
        cancelAt: null,
      },
      switchTo: ['full'],
    });
  });

  it('switches from the trial to the full plan through a signed customer.subscription.updated event', async () => {
    const { token, subscription } = await withTrial('bia-uid');
    const mark = Date.now();
    const response = await update(token, { action: 'switch_plan', subscription, plan: 'full' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscription: { id: subscription, status: 'active', plan: 'full', productName: 'Full plan' }, switchTo: [] });
    // The full plan's product was never bought here: its product event comes first, as Stripe sent it when the product was made.
    expect(await eventsSince(mark)).toEqual(['product.created', 'customer.subscription.updated']);
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, isTrial: false, productName: 'Full plan', cancelAt: null });
  });

  it('cancels at the period end (still active, ending on that date), then resumes', async () => {
    const { token, subscription } = await withTrial('cora-uid');
    const before = await (await call(app, '/local-billing/portal', { token })).json();
    const periodEnd: number = before.subscription.currentPeriodEnd;
    expect(periodEnd - now()).toBeGreaterThan(13 * DAY);

    const mark = Date.now();
    const cancelled = await update(token, { action: 'cancel', subscription });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).subscription).toMatchObject({ live: true, status: 'trialing', cancelAt: periodEnd });
    expect(await eventsSince(mark)).toEqual(['customer.subscription.updated']);
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, cancelAt: periodEnd });
    const { rows } = await db.query('SELECT status, cancel_at FROM subscriptions WHERE subscription_id = $1', [subscription]);
    expect(rows[0]).toEqual({ status: 'trialing', cancel_at: expect.anything() });
    expect(Number(rows[0]!.cancel_at)).toBe(periodEnd);

    const twice = await update(token, { action: 'cancel', subscription });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe('already_cancelled');

    const resumed = await update(token, { action: 'resume', subscription });
    expect(resumed.status).toBe(200);
    expect((await resumed.json()).subscription).toMatchObject({ live: true, cancelAt: null });
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, cancelAt: null });

    const again = await update(token, { action: 'resume', subscription });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('not_cancelled');
  });

  it('ends a subscription whose period is over at once, with customer.subscription.deleted', async () => {
    const token = await tokens.sign('dan-uid', 'dan@example.com');
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('dan-uid', 'cus_dan', 'dan@example.com')));
    const past = now() - DAY;
    await signedWebhook(
      app,
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject('sub_dan', 'cus_dan', 'active', {
          items: { object: 'list', data: [{ id: 'si_dan', current_period_end: past, price: { id: 'price_local_full', product: 'prod_local_full' } }] },
        }),
        now() - 2 * DAY,
      ),
    );

    const mark = Date.now();
    const response = await update(token, { action: 'cancel', subscription: 'sub_dan' });
    expect(response.status).toBe(200);
    expect((await response.json()).subscription).toMatchObject({ id: 'sub_dan', status: 'canceled', live: false, cancelAt: null });
    expect(await eventsSince(mark)).toEqual(['customer.subscription.deleted']);
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: false, cancelAt: null });

    const late = await update(token, { action: 'resume', subscription: 'sub_dan' });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe('subscription_not_active');
  });

  it('ends a cancelled subscription once its end date has passed, when the portal is next opened', async () => {
    const token = await tokens.sign('eva-uid', 'eva@example.com');
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject('eva-uid', 'cus_eva', 'eva@example.com')));
    const cancelAt = now() - 60;
    await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_eva', 'cus_eva', 'active', { cancel_at: cancelAt }), now() - DAY));
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: true, cancelAt });

    const mark = Date.now();
    const portal = await (await call(app, '/local-billing/portal', { token })).json();
    expect(portal.subscription).toMatchObject({ id: 'sub_eva', status: 'canceled', live: false });
    expect(await eventsSince(mark)).toEqual(['customer.subscription.deleted']);
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toMatchObject({ isActive: false });
  });

  it('updates the payment method with the two events Stripe sends for it, the subscription untouched', async () => {
    const { token, subscription } = await withTrial('filip-uid');
    const before = await (await call(app, '/local-billing/portal', { token })).json();
    const mark = Date.now();
    const response = await update(token, { action: 'update_payment_method', subscription });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
    expect(await eventsSince(mark)).toEqual(['payment_method.attached', 'customer.updated']);
  });

  it('refuses an unknown plan, the same plan, the free trial again and an unknown action with 4xx, changing nothing', async () => {
    const { token, subscription } = await withTrial('gelu-uid');
    const before = await (await call(app, '/get-subscription-info', { token })).json();
    const unknownPlan = await update(token, { action: 'switch_plan', subscription, plan: 'gold' });
    expect(unknownPlan.status).toBe(400);
    expect((await unknownPlan.json()).error.code).toBe('invalid_body');
    const samePlan = await update(token, { action: 'switch_plan', subscription, plan: 'trial' });
    expect(samePlan.status).toBe(409);
    expect((await samePlan.json()).error.code).toBe('plan_unchanged');
    await update(token, { action: 'switch_plan', subscription, plan: 'full' });
    const trialAgain = await update(token, { action: 'switch_plan', subscription, plan: 'trial' });
    expect(trialAgain.status).toBe(409);
    expect((await trialAgain.json()).error.code).toBe('trial_already_used');
    expect((await update(token, { action: 'refund', subscription })).status).toBe(400);
    expect((await update(token, { action: 'cancel' })).status).toBe(400);
    expect((await call(app, '/local-billing/portal/update', { token, body: 'cancel', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect(await (await call(app, '/get-subscription-info', { token })).json()).toEqual({
      ...before,
      isTrial: false,
      trialEndTimestamp: expect.any(Number),
      productName: 'Full plan',
      plan: 'full',
    });
  });

  it("refuses a user with no subscription, and another user's subscription, with 404, changing nothing", async () => {
    const { subscription: hers } = await withTrial('ioana-uid');
    const stranger = await tokens.sign('jon-uid', 'jon@example.com');
    await call(app, '/register-user', { token: stranger });
    expect(await (await call(app, '/local-billing/portal', { token: stranger })).json()).toEqual({ subscription: null, switchTo: [] });

    for (const body of [
      { action: 'cancel', subscription: hers },
      { action: 'switch_plan', subscription: hers, plan: 'full' },
      { action: 'update_payment_method', subscription: hers },
      { action: 'cancel', subscription: 'sub_does_not_exist' },
    ]) {
      const response = await update(stranger, body);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('subscription_not_found');
    }
    const { rows } = await db.query('SELECT status, cancel_at, product_id FROM subscriptions WHERE subscription_id = $1', [hers]);
    expect(rows[0]).toEqual({ status: 'trialing', cancel_at: null, product_id: 'prod_local_free_trial' });
  });

  it('needs a signed-in user', async () => {
    expect((await call(app, '/local-billing/portal')).status).toBe(401);
    expect((await update('', { action: 'cancel', subscription: 'sub_x' })).status).toBe(401);
  });
});

describe('the local customer portal where local billing is off', () => {
  it.each([
    ['a Stripe secret key is configured', 'test', { STRIPE_SECRET_KEY: 'sk_test_real' }],
    ['in production', 'production', { STRIPE_WEBHOOK_SECRET: 'whsec_real', CORS_ORIGINS: 'https://site.example' }],
  ])('answers 404 and records nothing when %s', async (_why, nodeEnv, env) => {
    const tokens = await tokenFactory();
    const { app, db, config } = await startService('pglite', tokens, { NODE_ENV: nodeEnv, ...env });
    try {
      expect(config.localBilling).toBe(false);
      const token = await tokens.sign('otto-uid', 'otto@example.com');
      for (const [path, body] of [
        ['/local-billing/portal', {}],
        ['/local-billing/portal/update', { action: 'cancel', subscription: 'sub_x' }],
      ] as const) {
        const response = await call(app, path, { token, body });
        expect(response.status).toBe(404);
        expect((await response.json()).error.code).toBe('local_billing_disabled');
      }
      const { rows } = await db.query('SELECT count(*)::int AS n FROM stripe_events');
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  });
});
