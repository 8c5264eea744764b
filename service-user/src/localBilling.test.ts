import type { Database } from './db/database';
import { loadConfig } from './environment';
import { backends, call, DEPLOYED_ENV, startService, tokenFactory, type TestApp, type Tokens } from './testing/harness';

const DAY = 86_400;

describe.each(backends)('local billing on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens));
  });
  afterAll(() => db.close());

  it('starts a 14-day trial through signed webhook events that the service records', async () => {
    const token = await tokens.sign('mara-uid', 'mara@example.com');
    await call(app, '/register-user', { token });
    const before = Math.floor(Date.now() / 1000);
    const response = await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plan: 'trial', completed: true });

    const info = await (await call(app, '/get-subscription-info', { token })).json();
    expect(info).toMatchObject({ isActive: true, isTrial: true, productName: 'Free Trial', plan: 'trial' });
    expect(info.trialEndTimestamp - before).toBeGreaterThanOrEqual(14 * DAY);
    expect(info.trialEndTimestamp - before).toBeLessThanOrEqual(14 * DAY + 5);
    expect(await (await call(app, '/get-user-info', { token })).json()).toEqual({ trialActivated: true, subscriptionActive: true });

    // The events went through the webhook: each one recorded once, by type, as Stripe's are.
    const { rows } = await db.query<{ type: string }>("SELECT type FROM stripe_events WHERE event_id LIKE 'evt_local_%' ORDER BY received_at, type");
    expect(rows.map((r) => r.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'product.created']);
  });

  it('refuses a second free trial with 409 and changes nothing', async () => {
    const token = await tokens.sign('mara-uid', 'mara@example.com');
    const response = await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('trial_already_used');
    const { rows } = await db.query("SELECT count(*)::int AS n FROM subscriptions WHERE uid = 'mara-uid'");
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('subscribes to the full plan, reusing the customer the first checkout created', async () => {
    const token = await tokens.sign('mara-uid', 'mara@example.com');
    expect((await call(app, '/local-billing/checkout', { token, body: { plan: 'full' } })).status).toBe(200);
    const { rows } = await db.query<{ n: number }>("SELECT count(DISTINCT customer_id)::int AS n FROM subscriptions WHERE uid = 'mara-uid'");
    expect(rows[0]).toEqual({ n: 1 });
    const info = await (await call(app, '/get-subscription-info', { token })).json();
    expect(info.isActive).toBe(true);
  });

  it('refuses an unknown plan, a missing token and a body that is not JSON with 4xx', async () => {
    const token = await tokens.sign('nora-uid', 'nora@example.com');
    const unknown = await call(app, '/local-billing/checkout', { token, body: { plan: 'gold' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.code).toBe('invalid_body');
    expect((await call(app, '/local-billing/checkout', { body: { plan: 'trial' } })).status).toBe(401);
    expect((await call(app, '/local-billing/checkout', { token, body: 'plan=trial', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const { rows } = await db.query("SELECT count(*)::int AS n FROM subscriptions WHERE uid = 'nora-uid'");
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('when local billing is off', () => {
  it('is on in local mode only, and off there too whenever a Stripe secret key is configured', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).localBilling).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_real' }).localBilling).toBe(false);
    const deployed = { STRIPE_WEBHOOK_SECRET: 'whsec_real', CORS_ORIGINS: 'https://site.example', ...DEPLOYED_ENV };
    expect(loadConfig({ NODE_ENV: 'production', ...deployed }).localBilling).toBe(false);
    expect(loadConfig({ NODE_ENV: 'staging', ...deployed }).localBilling).toBe(false);
    expect(loadConfig(deployed).localBilling).toBe(false);
  });

  it('answers 404 and records nothing', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, { STRIPE_SECRET_KEY: 'sk_test_real' });
    try {
      const token = await tokens.sign('otto-uid', 'otto@example.com');
      const response = await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('local_billing_disabled');
      const { rows } = await db.query('SELECT count(*)::int AS n FROM stripe_events');
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  });
});
