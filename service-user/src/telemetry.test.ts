import { SignJWT, UnsecuredJWT } from 'jose';
import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_TTL_S } from './contract/telemetry';
import { signViewToken, type ViewDeployments } from './contract/viewToken';
import { ConfigError, loadConfig } from './environment';
import { backends, call, request, startService, tokenFactory, type TestApp, type Tokens } from './testing/harness';

let tokens: Tokens;
beforeAll(async () => {
  tokens = await tokenFactory();
});

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const VIEW_TOKEN_SECRET = 'view-token-secret-of-the-tests-0123456789';
const PRODUCTION = { NODE_ENV: 'production', VIEW_TOKEN_SECRET };

type Event = { remote: string; kind: string };
const event = (over: Partial<Event> = {}): Event => ({ remote: 'mfe_account', kind: 'view', ...over });

/** What the site's server gives a visitor of the stable versions, and one in the account page's canary. */
const STABLE: ViewDeployments = { mfe_account: { version: '1.0.0-abc123def456', cohort: 'stable' }, mfe_marketing: { version: 'local', cohort: 'stable' } };
const CANARY: ViewDeployments = { mfe_account: { version: '1.0.0-fedcba987654', cohort: 'canary' }, mfe_marketing: { version: 'local', cohort: 'stable' } };
/** A page's view token, as the site's server signs it (local mode's secret: the tests' service runs in local mode). */
const viewToken = (deployments: ViewDeployments = STABLE, options: Parameters<typeof signViewToken>[2] = {}) => signViewToken(LOCAL_VIEW_TOKEN_SECRET, deployments, options);
/** A batch of one page's events, with a token of its own. */
const batch = async (events: Event[], deployments: ViewDeployments = STABLE) => ({ token: await viewToken(deployments), events });

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

  it('counts a text/plain batch under the version and cohort its view token names, each kind once per token and remote, answering 204', async () => {
    const answer = await beacon(service.app, await batch([event(), event(), event({ kind: 'render_error' }), event({ remote: 'mfe_marketing' })]));
    expect(answer.status).toBe(204);
    expect((await beacon(service.app, await batch([event()]))).status).toBe(204);
    const canary = await batch([event(), event({ kind: 'load_failure' }), event({ kind: 'hydration_error' }), event({ kind: 'hydration_error' })], CANARY);
    expect((await beacon(service.app, canary)).status).toBe(204);
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

  it('accepts application/json too, and adds up beacons of ten pages that arrive together', async () => {
    const pages = await Promise.all(Array.from({ length: 10 }, () => batch([event(), event({ kind: 'render_error' })])));
    const sent = await Promise.all(pages.map((body) => call(service.app, '/telemetry', { body })));
    expect(sent.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    const [stable] = (await (await summary(service.app)).json()).deployments;
    expect(stable).toMatchObject({ views: 10, renderErrors: 10 });
  });

  it('keeps one row per minute and deployment with counters only, and of a token its id: no address, agent or visitor', async () => {
    await beacon(service.app, await batch([event(), event()]), { 'User-Agent': 'Mozilla/5.0 (a screen reader user)', 'X-Forwarded-For': '203.0.113.9' });
    const { rows } = await service.db.query('SELECT * FROM remote_health_minutes');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['cohort', 'hydration_errors', 'load_failures', 'minute', 'remote', 'render_errors', 'version', 'views']);
    const counted = await service.db.query('SELECT * FROM view_token_counts');
    expect(Object.keys(counted.rows[0]!).sort()).toEqual(['expires_at', 'kind', 'remote', 'token_id']);
    const limits = await service.db.query('SELECT * FROM rate_limit_hits');
    expect(JSON.stringify([rows, counted.rows, limits.rows])).not.toMatch(/203\.0\.113|Mozilla/);
  });

  it.each([
    ['a field beyond the two (an id)', { events: [{ ...event(), visitorId: 'c0ffee00-1111' }] }, 'events.0'],
    ["a version named by the event (it is the token's)", { events: [{ ...event(), version: '9.9.9' }] }, 'events.0'],
    ['a field beside the token and events', { events: [event()], userAgent: 'x' }, '(body)'],
    ['no token', { token: undefined, events: [event()] }, 'token'],
    ['a token of 1,025 characters', { token: 't'.repeat(1025), events: [event()] }, 'token'],
    ['an unknown remote', { events: [event({ remote: 'mfe_shop' })] }, 'events.0.remote'],
    ['an unknown kind', { events: [event({ kind: 'click' })] }, 'events.0.kind'],
    ['no events', { events: [] }, 'events'],
    ['21 events', { events: Array(21).fill(event()) }, 'events'],
    ['a body that is not JSON', '{"events": [', '(body)'],
    ['a JSON array', '[]', '(body)'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, body, field) => {
    const answer = await beacon(service.app, typeof body === 'string' ? body : { token: await viewToken(), ...body });
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.code).toBe('invalid_body');
    expect(error.message).toContain(field);
    expect((await service.db.query('SELECT * FROM remote_health_minutes')).rows).toEqual([]);
  });

  it('refuses another content type with 415, and a body over 2 KB with 413', async () => {
    expect((await beacon(service.app, await batch([event()]), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const padded = JSON.stringify(await batch([event()])).replace('{"token"', `{${' '.repeat(2100)}"token"`);
    const tooLarge = await beacon(service.app, padded);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.code).toBe('payload_too_large');
  });

  it('answers a beacon from a configured origin with its CORS header (a simple request: no preflight)', async () => {
    const answer = await beacon(service.app, await batch([event()]), { Origin: 'https://site.example' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('https://site.example');
    const other = await beacon(service.app, await batch([event()]), { Origin: 'https://elsewhere.example' });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('sums over the window asked for only, up to a day', async () => {
    await beacon(service.app, await batch([event()]));
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

describe.each(backends)("what a beacon may count, on %s: only what a view token of the site's server vouches for", (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens, { TELEMETRY_COUNTS_PER_ADDRESS: '4', TRUST_PROXY: '1', TELEMETRY_RATE_LIMIT: '10000' });
  });
  afterAll(() => service.db.close());
  beforeEach(async () => {
    await service.db.query('DELETE FROM remote_health_minutes');
    await service.db.query('DELETE FROM view_token_counts');
    await service.db.query('DELETE FROM rate_limit_hits');
  });
  /** Each test's beacons come from an address of their own (one proxy in front: its X-Forwarded-For entry). */
  let address = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${(address += 1)}` });
  const counted = async () => (await (await summary(service.app, '?remote=mfe_account')).json()).deployments;

  it.each([
    ['signed with another secret', () => signViewToken('another-secret-that-is-long-enough-0123456789', STABLE)],
    [
      'whose payload was changed (another version named)',
      async () => {
        const [header, , signature] = (await viewToken()).split('.');
        const forged = Buffer.from(JSON.stringify({ d: { mfe_account: ['6.6.6-made-up', 'canary'] }, aud: 'telemetry', jti: 'x', iat: 1, exp: 9e9 })).toString('base64url');
        return `${header}.${forged}.${signature}`;
      },
    ],
    ['that has expired', () => viewToken(STABLE, { now: Date.now() - (VIEW_TOKEN_TTL_S + 60) * 1000 })],
    [
      'unsigned (alg none)',
      () => new UnsecuredJWT({ d: { mfe_account: ['1.0.0-abc123def456', 'canary'] } }).setAudience('telemetry').setJti('n').setIssuedAt().setExpirationTime('10m').encode(),
    ],
    [
      'signed for another audience',
      () =>
        new SignJWT({ d: { mfe_account: ['1.0.0-abc123def456', 'stable'] } })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('mail')
          .setJti('n')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(LOCAL_VIEW_TOKEN_SECRET)),
    ],
    [
      'living longer than the server signs for',
      () =>
        new SignJWT({ d: { mfe_account: ['1.0.0-abc123def456', 'stable'] } })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('telemetry')
          .setJti('n')
          .setIssuedAt()
          .setExpirationTime('1d')
          .sign(new TextEncoder().encode(LOCAL_VIEW_TOKEN_SECRET)),
    ],
    ['that is not a token at all', async () => 'not-a-token'],
  ])('counts nothing with a token %s, and answers 204 all the same', async (_what, token) => {
    const answer = await beacon(service.app, { token: await token(), events: [event(), event({ kind: 'render_error' })] }, from());
    expect(answer.status).toBe(204);
    expect(await counted()).toEqual([]);
    expect((await service.db.query('SELECT * FROM view_token_counts')).rows).toEqual([]);
  });

  it('counts a replayed token once, however often and however concurrently it is sent', async () => {
    const body = await batch([event(), event({ kind: 'render_error' })]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => beacon(service.app, body, from())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    for (let i = 0; i < 5; i += 1) await beacon(service.app, body, from());
    expect(await counted()).toEqual([expect.objectContaining({ version: '1.0.0-abc123def456', cohort: 'stable', views: 1, renderErrors: 1 })]);
  });

  it('counts no event for a remote the token does not name (a version the store never published cannot be named)', async () => {
    const token = await viewToken({ mfe_marketing: { version: 'local', cohort: 'stable' } });
    expect((await beacon(service.app, { token, events: [event(), event({ kind: 'render_error' })] }, from())).status).toBe(204);
    expect(await counted()).toEqual([]);
  });

  it('counts at most TELEMETRY_COUNTS_PER_ADDRESS events from one address in the window, while another address still counts', async () => {
    const crowd = from();
    for (let i = 0; i < 6; i += 1) expect((await beacon(service.app, await batch([event()]), crowd)).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 4 })]);
    // A beacon that would take an address past the cap is counted not at all (not in part).
    const other = from();
    for (let i = 0; i < 3; i += 1) await beacon(service.app, await batch([event()]), other);
    expect((await beacon(service.app, await batch([event(), event({ kind: 'render_error' })]), other)).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 7, renderErrors: 0 })]);
    expect((await beacon(service.app, await batch([event(), event({ kind: 'render_error' })]), from())).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 8, renderErrors: 1 })]);
    const rows = (await service.db.query<{ key: string }>('SELECT key FROM rate_limit_hits')).rows.map((row) => row.key);
    expect(rows.every((key) => /^telemetry-counted:[0-9a-f]{64}$/.test(key) || !key.startsWith('telemetry-counted'))).toBe(true);
  });
});

describe('the beacons have a rate limit of their own', () => {
  it('refuses beacons past TELEMETRY_RATE_LIMIT with 429, while /contact keeps its own budget', async () => {
    const { app, db } = await startService('pglite', tokens, { TELEMETRY_RATE_LIMIT: '2', PUBLIC_RATE_LIMIT: '5' });
    try {
      expect((await beacon(app, await batch([event()]))).status).toBe(204);
      expect((await beacon(app, await batch([event()]))).status).toBe(204);
      const refused = await beacon(app, await batch([event()]));
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
    const production = { token: await signViewToken(VIEW_TOKEN_SECRET, STABLE), events: [event()] };
    expect((await beacon(app, production)).status).toBe(204);
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
