import { ConfigError, loadConfig } from './environment';
import { backends, call, request, startService, tokenFactory, type TestApp, type Tokens } from './testing/harness';

let tokens: Tokens;
beforeAll(async () => {
  tokens = await tokenFactory();
});

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const PRODUCTION = { NODE_ENV: 'production' };

type Event = { remote: string; version: string; cohort: string; kind: string };
const event = (over: Partial<Event> = {}): Event => ({ remote: 'mfe_account', version: '1.0.0-abc123def456', cohort: 'stable', kind: 'view', ...over });

/** As navigator.sendBeacon sends a Blob of type text/plain (a simple request: no preflight). */
const beacon = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  request(app, '/telemetry', {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const summary = (app: TestApp, query = '', headers: Record<string, string> = {}) => request(app, `/telemetry/summary${query}`, { headers });

describe.each(backends)('POST /telemetry and its summary on %s', (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens, { CORS_ORIGINS: 'https://site.example' });
  });
  afterAll(() => service.db.close());
  beforeEach(() => service.db.query('DELETE FROM remote_health_minutes'));

  it('counts a text/plain batch per remote, version and cohort, answering 204', async () => {
    const answer = await beacon(service.app, {
      events: [
        event(),
        event(),
        event({ kind: 'render_error' }),
        event({ version: '1.0.0-fedcba987654', cohort: 'canary' }),
        event({ version: '1.0.0-fedcba987654', cohort: 'canary', kind: 'load_failure' }),
        event({ version: '1.0.0-fedcba987654', cohort: 'canary', kind: 'hydration_error' }),
        event({ remote: 'mfe_marketing', version: 'local' }),
      ],
    });
    expect(answer.status).toBe(204);
    // The beacon comes from the site's origin as a no-cors request: a same-origin resource policy
    // would have the browser block the answer and log an error on every page that sends one.
    expect(answer.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');

    const read = await summary(service.app, '?remote=mfe_account');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      minutes: 30,
      deployments: [
        { remote: 'mfe_account', version: '1.0.0-fedcba987654', cohort: 'canary', views: 1, loadFailures: 1, renderErrors: 0, hydrationErrors: 1 },
        { remote: 'mfe_account', version: '1.0.0-abc123def456', cohort: 'stable', views: 2, loadFailures: 0, renderErrors: 1, hydrationErrors: 0 },
      ],
    });
    expect((await (await summary(service.app)).json()).deployments).toHaveLength(3);
  });

  it('accepts application/json too, and adds up beacons that arrive together', async () => {
    const sent = await Promise.all(Array.from({ length: 10 }, () => call(service.app, '/telemetry', { body: { events: [event(), event({ kind: 'render_error' })] } })));
    expect(sent.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    const [stable] = (await (await summary(service.app)).json()).deployments;
    expect(stable).toMatchObject({ views: 10, renderErrors: 10 });
  });

  it('keeps one row per minute and deployment with counters only: no address, agent or id', async () => {
    await beacon(service.app, { events: [event(), event()] }, { 'User-Agent': 'Mozilla/5.0 (a screen reader user)', 'X-Forwarded-For': '203.0.113.9' });
    const { rows } = await service.db.query('SELECT * FROM remote_health_minutes');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['cohort', 'hydration_errors', 'load_failures', 'minute', 'remote', 'render_errors', 'version', 'views']);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|Mozilla/);
  });

  it.each([
    ['a field beyond the four (an id)', { events: [{ ...event(), visitorId: 'c0ffee00-1111' }] }, 'events.0'],
    ['a field beside the events', { events: [event()], userAgent: 'x' }, '(body)'],
    ['an unknown remote', { events: [event({ remote: 'mfe_shop' })] }, 'events.0.remote'],
    ['a version with a slash', { events: [event({ version: '1.0/../x' })] }, 'events.0.version'],
    ['a version of 65 characters', { events: [event({ version: 'v'.repeat(65) })] }, 'events.0.version'],
    ['an unknown cohort', { events: [event({ cohort: 'beta' })] }, 'events.0.cohort'],
    ['an unknown kind', { events: [event({ kind: 'click' })] }, 'events.0.kind'],
    ['no events', { events: [] }, 'events'],
    ['21 events', { events: Array(21).fill(event()) }, 'events'],
    ['a body that is not JSON', '{"events": [', '(body)'],
    ['a JSON array', '[]', '(body)'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, body, field) => {
    const answer = await beacon(service.app, body);
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.code).toBe('invalid_body');
    expect(error.message).toContain(field);
    expect((await service.db.query('SELECT * FROM remote_health_minutes')).rows).toEqual([]);
  });

  it('refuses another content type with 415, and a body over 2 KB with 413', async () => {
    expect((await beacon(service.app, { events: [event()] }, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const padded = JSON.stringify({ events: [event()] }).replace('{"events"', `{${' '.repeat(2100)}"events"`);
    const tooLarge = await beacon(service.app, padded);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.code).toBe('payload_too_large');
  });

  it('answers a beacon from a configured origin with its CORS header (a simple request: no preflight)', async () => {
    const answer = await beacon(service.app, { events: [event()] }, { Origin: 'https://site.example' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('https://site.example');
    const other = await beacon(service.app, { events: [event()] }, { Origin: 'https://elsewhere.example' });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('sums over the window asked for only, up to a day', async () => {
    await beacon(service.app, { events: [event()] });
    await service.db.query(
      `INSERT INTO remote_health_minutes (minute, remote, version, cohort, views, render_errors)
       VALUES (date_trunc('minute', now()) - interval '45 minutes', 'mfe_account', '1.0.0-abc123def456', 'stable', 5, 5)`,
    );
    expect((await (await summary(service.app)).json()).deployments[0]).toMatchObject({ views: 1, renderErrors: 0 });
    expect((await (await summary(service.app, '?minutes=60')).json()).deployments[0]).toMatchObject({ views: 6, renderErrors: 5 });
    expect(await (await summary(service.app, '?minutes=1440&remote=mfe_auth')).json()).toEqual({ minutes: 1440, deployments: [] });
  });

  it.each([['?minutes=0'], ['?minutes=1441'], ['?minutes=ten'], ['?remote=mfe_shop'], ['?remote=mfe_account&ip=1']])('refuses the summary query %s with a 400', async (query) => {
    const answer = await summary(service.app, query);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe('invalid_query');
  });
});

describe('the beacons have a rate limit of their own', () => {
  it('refuses beacons past TELEMETRY_RATE_LIMIT with 429, while /contact keeps its own budget', async () => {
    const { app, db } = await startService('pglite', tokens, { TELEMETRY_RATE_LIMIT: '2', PUBLIC_RATE_LIMIT: '5' });
    try {
      expect((await beacon(app, { events: [event()] })).status).toBe(204);
      expect((await beacon(app, { events: [event()] })).status).toBe(204);
      const refused = await beacon(app, { events: [event()] });
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('rate_limited');
      const contact = await call(app, '/contact', { body: { firstname: 'A', lastname: 'B', email: 'a@example.com', subject: 's', message: 'm' } });
      expect(contact.status).toBe(201);
    } finally {
      await db.close();
    }
  });
});

describe('who may read /telemetry/summary', () => {
  const services: Awaited<ReturnType<typeof startService>>[] = [];
  const serviceWith = async (env: Record<string, string>) => {
    const started = await startService('pglite', tokens, env);
    services.push(started);
    return started.app;
  };
  afterAll(() => Promise.all(services.map((s) => s.db.close())));

  it('answers 404 outside local mode when OPS_TOKEN is not set, as if it were not there', async () => {
    const app = await serviceWith(PRODUCTION);
    expect((await summary(app)).status).toBe(404);
    expect((await summary(app, '', { Authorization: 'Bearer anything-at-all-here' })).status).toBe(404);
  });

  it('outside local mode answers only to Authorization: Bearer <OPS_TOKEN>, while the beacons stay public', async () => {
    const app = await serviceWith({ ...PRODUCTION, OPS_TOKEN });
    const refused = await summary(app);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('ops_token_invalid');
    expect((await summary(app, '', { Authorization: `Bearer ${OPS_TOKEN}x` })).status).toBe(401);
    expect((await summary(app, '', { Authorization: OPS_TOKEN })).status).toBe(401);
    expect((await beacon(app, { events: [event()] })).status).toBe(204);
    const allowed = await summary(app, '', { Authorization: `Bearer ${OPS_TOKEN}` });
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).deployments[0]).toMatchObject({ remote: 'mfe_account', views: 1 });
  });

  it('is open in local mode, unless an OPS_TOKEN is set', async () => {
    expect((await summary(await serviceWith({}))).status).toBe(200);
    const guarded = await serviceWith({ OPS_TOKEN });
    expect((await summary(guarded)).status).toBe(401);
    expect((await summary(guarded, '', { Authorization: `Bearer ${OPS_TOKEN}` })).status).toBe(200);
  });

  it('refuses at start an OPS_TOKEN shorter than 16 characters, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', OPS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
  });
});
