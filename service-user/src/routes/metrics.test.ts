import { ConfigError, loadConfig } from '../environment';
import { backends, call, request, signedWebhook, startService, stripeEvent, subscriptionObject, tokenFactory, type TestApp, type Tokens } from '../testing/harness';

let tokens: Tokens;
beforeAll(async () => {
  tokens = await tokenFactory();
});

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const PRODUCTION = { NODE_ENV: 'production' };

const scrape = (app: TestApp, headers: Record<string, string> = {}) => request(app, '/metrics', { headers });

/** The value of one sample of the Prometheus text, e.g. sample(text, 'http_requests_total{method="POST",…}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(backends)('GET /metrics on %s', (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens, { PUBLIC_RATE_LIMIT: '2' });
  });
  afterAll(() => service.db.close());

  it('answers in Prometheus text format', async () => {
    const answer = await scrape(service.app);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toContain('# TYPE http_requests_total counter');
  });

  it('counts requests by route pattern and status, and times them in a histogram', async () => {
    const token = await tokens.sign('metrics-user');
    await call(service.app, '/get-user-info', { token });
    await call(service.app, '/get-user-info', { token });
    await call(service.app, '/get-user-info');
    await call(service.app, '/no/such/call');
    const text = await (await scrape(service.app)).text();

    expect(sample(text, 'http_requests_total{method="POST",route="/get-user-info",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="POST",route="/get-user-info",status="401"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="POST",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/get-user-info"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/get-user-info"}')).toBe(3);
  });

  it('counts webhook events by type and outcome', async () => {
    const event = stripeEvent('customer.subscription.created', subscriptionObject('sub_metrics', 'cus_metrics', 'active'));
    expect((await signedWebhook(service.app, event)).status).toBe(200);
    expect((await signedWebhook(service.app, event)).status).toBe(200);
    const text = await (await scrape(service.app)).text();

    const outcomes = text.split('\n').filter((l) => l.startsWith('stripe_webhook_events_total{type="customer.subscription.created"'));
    expect(outcomes).toHaveLength(2);
    expect(sample(text, 'stripe_webhook_events_total{type="customer.subscription.created",result="duplicate"}')).toBe(1);
  });

  it('counts the refusals of the per-client rate limit by route', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(service.app, '/newsletter', { body: { email: `rate${i}@example.com` } })).status);
    expect(statuses).toEqual([202, 202, 429]);
    expect(sample(await (await scrape(service.app)).text(), 'rate_limit_refusals_total{route="/newsletter"}')).toBe(1);
  });

  it('reports the database connections in use while work holds one, and none after', async () => {
    // The mail the tests above queued is sent first: its round would hold a connection too.
    await service.mail.drain();
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = service.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const during = await (await scrape(service.app)).text();
    release();
    await transaction;
    const after = await (await scrape(service.app)).text();

    expect(sample(during, 'db_connections_in_use')).toBe(1);
    expect(sample(during, 'db_connections_waiting')).toBe(0);
    expect(sample(after, 'db_connections_in_use')).toBe(0);
  });
});

describe('database connections on PGlite', () => {
  it('reports work queued behind the one connection as waiting', async () => {
    const { app, db } = await startService('pglite', tokens);
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const queued = db.query('SELECT 1');
    const text = await (await scrape(app)).text();
    release();
    await Promise.all([transaction, queued]);

    expect(sample(text, 'db_connections_in_use')).toBe(1);
    expect(sample(text, 'db_connections_waiting')).toBe(1);
    await db.close();
  });
});

describe('who may read /metrics', () => {
  // These only answer or refuse; one database serves them all.
  const services: Awaited<ReturnType<typeof startService>>[] = [];
  const serviceWith = async (env: Record<string, string>) => {
    const started = await startService('pglite', tokens, env);
    services.push(started);
    return started.app;
  };
  afterAll(() => Promise.all(services.map((s) => s.db.close())));

  it('answers 404 outside local mode when METRICS_TOKEN is not set, as if it were not there', async () => {
    const app = await serviceWith(PRODUCTION);
    const answer = await scrape(app);
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.code).toBe('not_found');
    expect((await scrape(app, { Authorization: 'Bearer anything-at-all-here' })).status).toBe(404);
  });

  it('outside local mode answers only to Authorization: Bearer <METRICS_TOKEN>', async () => {
    const app = await serviceWith({ ...PRODUCTION, METRICS_TOKEN });
    const refused = await scrape(app);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('metrics_token_invalid');
    expect((await scrape(app, { Authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await scrape(app, { Authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` })).status).toBe(401);
    expect((await scrape(app, { Authorization: METRICS_TOKEN })).status).toBe(401);
    const allowed = await scrape(app, { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('http_requests_total');
  });

  it('is open in local mode, unless a METRICS_TOKEN is set', async () => {
    expect((await scrape(await serviceWith({}))).status).toBe(200);
    const guarded = await serviceWith({ METRICS_TOKEN });
    expect((await scrape(guarded)).status).toBe(401);
    expect((await scrape(guarded, { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
  });

  it('refuses at start a METRICS_TOKEN shorter than 16 characters, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
