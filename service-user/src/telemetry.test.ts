import { SignJWT, UnsecuredJWT } from 'jose';
import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_MAX_LENGTH, VIEW_TOKEN_TTL_S, VITAL_MAX, vitalBucket, type Vital } from '@site/contract/telemetry';
import { SERVER_SIGNAL_PAGES_MAX, signServerSignals, signViewGrantRequest, signViewToken, type ServerSignalReport, type ViewDeployments } from '@site/contract/view-token';
import { migrate, migrations } from './db/migrations';
import { ConfigError, loadConfig } from './environment';
import { TELEMETRY_BODY_LIMIT_BYTES } from './routes/telemetry';
import { createService } from './service';
import { healthCounters, HEALTH_RETENTION_MINUTES } from './store/telemetry';
import { sweepRetention } from './retention/sweep';
import { backends, call, freshDatabase, request, startService, testConfig, tokenFactory, type TestApp, type Tokens } from './testing/harness';

let tokens: Tokens;
beforeAll(async () => {
  tokens = await tokenFactory();
});

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const VIEW_TOKEN_SECRET = 'view-token-secret-of-the-tests-0123456789';
const PRODUCTION = { NODE_ENV: 'production', VIEW_TOKEN_SECRET };

type Event = { remote: string; kind: string };
const event = (over: Partial<Event> = {}): Event => ({ remote: 'mfe_account', kind: 'view', ...over });
type VitalEvent = { remote: string; vital: string; value: unknown };
const vital = (vital: string, value: unknown, remote = 'mfe_account'): VitalEvent => ({ remote, vital, value });

/** How many buckets each vital has (contract/src/telemetry.ts's VITAL_BUCKETS, written out). */
const BUCKETS: Record<Vital, number> = { lcp: 19, inp: 19, cls: 14 };
/** A vital's histogram in the summary: zeros but for the buckets given (index: samples). */
const histogram = (vital: Vital, counts: Record<number, number> = {}) => Array.from({ length: BUCKETS[vital] }, (_, i) => counts[i] ?? 0);
/** A deployment's vitals in the summary: zeros but for the buckets given. */
const vitals = (counts: Partial<Record<Vital, Record<number, number>>> = {}) => ({
  lcp: histogram('lcp', counts.lcp),
  inp: histogram('inp', counts.inp),
  cls: histogram('cls', counts.cls),
});

/** What the site's server gives a visitor of the stable versions, and one in the account page's canary. */
const STABLE: ViewDeployments = { mfe_account: { version: '1.0.0-abc123def456', cohort: 'stable' }, mfe_marketing: { version: 'local', cohort: 'stable' } };
const CANARY: ViewDeployments = { mfe_account: { version: '1.0.0-fedcba987654', cohort: 'canary' }, mfe_marketing: { version: 'local', cohort: 'stable' } };
/** A page's view token, as the site's server signs it (local mode's secret: the tests' service runs in local mode). */
const viewToken = (deployments: ViewDeployments = STABLE, options: Parameters<typeof signViewToken>[2] = {}) => signViewToken(LOCAL_VIEW_TOKEN_SECRET, deployments, options);
/** A batch of one page's events, with a token of its own. */
const batch = async (events: (Event | VitalEvent)[], deployments: ViewDeployments = STABLE) => ({ token: await viewToken(deployments), events });

/** A deployment's server signals in the summary when the site's server told none. */
const NO_SERVER = { pages: 0, unrendered: 0 };
/** A deployment's networks in the summary: how many saw a view, an error, and each vital's buckets (zeros but for those given). */
const nets = (views: number, errors = 0, counts: Partial<Record<Vital, Record<number, number>>> = {}) => ({ views, errors, vitals: vitals(counts) });

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
  beforeEach(async () => {
    await service.db.query('DELETE FROM remote_health_minutes');
    await service.db.query('DELETE FROM remote_vitals_minutes');
    await service.db.query('DELETE FROM remote_health_networks');
  });

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
        // Sent from one network (the tests' own): one network saw each of the views and errors.
        {
          remote: 'mfe_account',
          version: '1.0.0-fedcba987654',
          cohort: 'canary',
          views: 1,
          loadFailures: 1,
          renderErrors: 0,
          hydrationErrors: 1,
          vitals: vitals(),
          networks: nets(1, 1),
          server: NO_SERVER,
        },
        {
          remote: 'mfe_account',
          version: '1.0.0-abc123def456',
          cohort: 'stable',
          views: 2,
          loadFailures: 0,
          renderErrors: 1,
          hydrationErrors: 0,
          vitals: vitals(),
          networks: nets(1, 1),
          server: NO_SERVER,
        },
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

  it("keeps of a vital only a count in its value's bucket, per minute and deployment: not the value, nor anything of the visitor", async () => {
    const body = await batch([event(), vital('lcp', 1234.5678), vital('inp', 87.654321), vital('cls', 0.0123456)]);
    expect((await beacon(service.app, body, { 'User-Agent': 'Mozilla/5.0 (a screen reader user)', 'X-Forwarded-For': '203.0.113.9' })).status).toBe(204);
    const { rows } = await service.db.query<{ vital: string; bucket: number; samples: number }>('SELECT * FROM remote_vitals_minutes ORDER BY vital');
    expect(Object.keys(rows[0]!).sort()).toEqual(['bucket', 'cohort', 'minute', 'remote', 'samples', 'version', 'vital']);
    expect(rows.map(({ vital, bucket, samples }) => [vital, bucket, samples])).toEqual([
      ['cls', 1, 1],
      ['inp', 4, 1],
      ['lcp', 4, 1],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/1234|87\.6|0\.0123|203\.0\.113|Mozilla/);
    // A vital is no view: the page's view is counted once, by itself.
    expect((await service.db.query('SELECT views FROM remote_health_minutes')).rows).toEqual([{ views: 1 }]);
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
    ['a negative vital', { events: [event(), vital('lcp', -1)] }, 'events.1.value'],
    ['a vital of NaN (as a string)', { events: [vital('inp', 'NaN')] }, 'events.0.value'],
    ['a vital as a string of digits', { events: [vital('cls', '0.1')] }, 'events.0.value'],
    ['a vital of null', { events: [vital('cls', null)] }, 'events.0.value'],
    ['an LCP above VITAL_MAX', { events: [vital('lcp', VITAL_MAX.lcp + 0.001)] }, 'events.0.value'],
    ['an INP above VITAL_MAX', { events: [vital('inp', VITAL_MAX.inp + 1)] }, 'events.0.value'],
    ['a CLS above VITAL_MAX', { events: [vital('cls', VITAL_MAX.cls + 0.5)] }, 'events.0.value'],
    ['an unknown vital', { events: [vital('fid', 10)] }, 'events.0.vital'],
    ['a vital of an unknown remote', { events: [vital('lcp', 10, 'mfe_shop')] }, 'events.0.remote'],
    ['a vital without its value', { events: [{ remote: 'mfe_account', vital: 'lcp' }] }, 'events.0.value'],
    ['a field beyond the three of a vital (a URL)', { events: [{ ...vital('lcp', 1200), url: '/account' }] }, 'events.0'],
    ['a vital whose value is infinite (1e999 in JSON)', '{"token":"t","events":[{"remote":"mfe_account","vital":"lcp","value":1e999}]}', 'events.0.value'],
  ])('refuses %s with a 400 naming the field (that one only), and stores nothing', async (_what, body, field) => {
    const answer = await beacon(service.app, typeof body === 'string' ? body : { token: await viewToken(), ...body });
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.code).toBe('invalid_body');
    expect(error.message).toBe(`Invalid or missing fields: ${field}.`);
    expect((await service.db.query('SELECT * FROM remote_health_minutes')).rows).toEqual([]);
    expect((await service.db.query('SELECT * FROM remote_vitals_minutes')).rows).toEqual([]);
  });

  it('takes the largest beacon the shell sends: the longest token and 20 events of either shape at their longest', async () => {
    const long = '1.0.0-'.padEnd(64, 'x');
    const deployments: ViewDeployments = {
      mfe_marketing: { version: long, cohort: 'preview' },
      mfe_auth: { version: long, cohort: 'preview' },
      mfe_account: { version: long, cohort: 'preview' },
    };
    const token = await viewToken(deployments, { id: 'i'.repeat(64) });
    // The longest a vital's value is written (shortest round trip, 24 characters), the longest kind.
    const vitals20 = Array.from({ length: 20 }, (_, i) => vital(['lcp', 'inp', 'cls'][i % 3]!, 1.2345678901234567e-6, 'mfe_marketing'));
    const health20 = Array.from({ length: 20 }, () => event({ remote: 'mfe_marketing', kind: 'hydration_error' }));
    // The page's view first (the shell's first beacon): a vital or an error counts only beside one.
    expect((await beacon(service.app, { token, events: [event({ remote: 'mfe_marketing' })] })).status).toBe(204);
    for (const events of [vitals20, health20, [...vitals20.slice(0, 10), ...health20.slice(0, 10)]]) {
      const body = JSON.stringify({ token, events });
      expect((await beacon(service.app, body)).status).toBe(204);
    }
    expect(JSON.stringify({ token, events: vitals20 }).length).toBeGreaterThan(2048);
    // And a token as long as the service takes (VIEW_TOKEN_MAX_LENGTH) with them: answered, not refused for its size.
    const longest = JSON.stringify({ token: 't'.repeat(VIEW_TOKEN_MAX_LENGTH), events: vitals20 });
    expect(longest.length).toBeLessThanOrEqual(TELEMETRY_BODY_LIMIT_BYTES);
    expect((await beacon(service.app, longest)).status).toBe(204);
    const [marketing] = (await (await summary(service.app, '?remote=mfe_marketing')).json()).deployments;
    expect(marketing).toMatchObject({ cohort: 'preview', hydrationErrors: 1, vitals: vitals({ lcp: { 0: 1 }, inp: { 0: 1 }, cls: { 0: 1 } }) });
  });

  it('refuses another content type with 415, and a body over 3 KB with 413', async () => {
    expect(TELEMETRY_BODY_LIMIT_BYTES).toBe(3072);
    expect((await beacon(service.app, await batch([event()]), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const unpadded = JSON.stringify(await batch([event()]));
    const padded = (spaces: number) => unpadded.replace('{"token"', `{${' '.repeat(spaces)}"token"`);
    expect((await beacon(service.app, padded(TELEMETRY_BODY_LIMIT_BYTES - unpadded.length))).status).toBe(204);
    const tooLarge = await beacon(service.app, padded(TELEMETRY_BODY_LIMIT_BYTES - unpadded.length + 1));
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
    await service.db.query('DELETE FROM remote_vitals_minutes');
    await service.db.query('DELETE FROM remote_health_networks');
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
    expect(rows.every((key) => /^telemetry-counted:[\w-]{43}$/.test(key) || !key.startsWith('telemetry-counted'))).toBe(true);
  });

  it('counts a vital once per token and remote: a replay, a second value in the same beacon or a later one change nothing', async () => {
    const token = await viewToken();
    const first = { token, events: [event(), vital('lcp', 900), vital('lcp', 9000), vital('cls', 0.3)] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => beacon(service.app, first, from())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    // Later beacons of the same page: other values of the vitals counted, and one not counted yet.
    expect((await beacon(service.app, { token, events: [vital('lcp', 100), vital('cls', 5), vital('inp', 250)] }, from())).status).toBe(204);
    expect((await beacon(service.app, { token, events: [vital('inp', 40)] }, from())).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 1, vitals: vitals({ lcp: { 3: 1 }, cls: { 9: 1 }, inp: { 8: 1 } }) })]);
    const kinds = (await service.db.query<{ kind: string }>('SELECT kind FROM view_token_counts ORDER BY kind')).rows.map((row) => row.kind);
    expect(kinds).toEqual(['view', 'vital:cls', 'vital:inp', 'vital:lcp']);
    // The view and a vital of another remote of the same token are counted all the same.
    expect((await beacon(service.app, { token, events: [event({ remote: 'mfe_marketing' }), vital('lcp', 900, 'mfe_marketing')] }, from())).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 1, vitals: vitals({ lcp: { 3: 1 }, cls: { 9: 1 }, inp: { 8: 1 } }) })]);
    expect((await (await summary(service.app, '?remote=mfe_marketing')).json()).deployments).toEqual([
      expect.objectContaining({ version: 'local', vitals: vitals({ lcp: { 3: 1 } }) }),
    ]);
  });

  it('counts each network (a /24 of IPv4, a /48 of IPv6) once per kind of evidence, under a keyed hash that names no address', async () => {
    const networks = async () => (await counted())[0]?.networks;
    // Three pages from three addresses of one /24, each with a view, two errors and an LCP in one bucket.
    for (const last of [1, 2, 3]) {
      const events = [event(), event({ kind: 'render_error' }), event({ kind: 'load_failure' }), vital('lcp', 900)];
      expect((await beacon(service.app, await batch(events), { 'X-Forwarded-For': `203.0.113.${last}` })).status).toBe(204);
    }
    expect(await counted()).toEqual([expect.objectContaining({ views: 3, renderErrors: 3, loadFailures: 3, networks: nets(1, 1, { lcp: { 3: 1 } }) })]);
    // Another /24, and two addresses of one IPv6 /48 (one written short, one in full; an IPv4 address written as IPv6 is its /24).
    await beacon(service.app, await batch([event(), vital('lcp', 9000)]), { 'X-Forwarded-For': '203.0.114.1' });
    await beacon(service.app, await batch([event()]), { 'X-Forwarded-For': '2001:db8:aa::1' });
    await beacon(service.app, await batch([event()]), { 'X-Forwarded-For': '2001:0db8:00aa:ffff:0:0:0:2' });
    await beacon(service.app, await batch([event()]), { 'X-Forwarded-For': '::ffff:203.0.113.77' });
    expect(await networks()).toEqual(nets(3, 1, { lcp: { 3: 1, 15: 1 } }));
    expect(await counted()).toEqual([expect.objectContaining({ views: 7 })]);
    const { rows } = await service.db.query<{ network: string }>('SELECT * FROM remote_health_networks');
    expect(Object.keys(rows[0]!).sort()).toEqual(['cohort', 'minute', 'network', 'remote', 'version', 'vote']);
    expect(rows.every((row) => /^[\w-]{43}$/.test(row.network))).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.11|2001|db8/);
  });

  it("counts a network's vitals as one vote a vital, however many buckets its samples fall in", async () => {
    const networks = async () => (await counted())[0]?.networks;
    // One /24 spreading LCPs over ten slow buckets (ten pages), and INPs over two; another, one LCP.
    const values = [2_600, 3_100, 3_600, 4_100, 5_100, 6_100, 8_100, 10_100, 15_100, 30_100];
    for (const [index, value] of values.entries()) {
      const events = [event(), vital('lcp', value), ...(index < 2 ? [vital('inp', index === 0 ? 100 : 900)] : [])];
      expect((await beacon(service.app, await batch(events), { 'X-Forwarded-For': `198.51.100.${index + 1}` })).status).toBe(204);
    }
    await beacon(service.app, await batch([event(), vital('lcp', 900)]), { 'X-Forwarded-For': '203.0.113.9' });
    const seen = await networks();
    const votes = (vitalVotes: number[]) => vitalVotes.reduce((sum, n) => sum + n, 0);
    expect([votes(seen!.vitals.lcp), votes(seen!.vitals.inp), seen!.views]).toEqual([2, 1, 2]);
    // Its vote is the middle of its buckets: of ten, the fifth from the fastest.
    const slowNetwork = [...new Set(values.map((value) => vitalBucket('lcp', value)))].sort((a, b) => a - b);
    expect(seen!.vitals.lcp[slowNetwork[Math.ceil(slowNetwork.length / 2) - 1]!]).toBe(1);
    // The samples themselves are all counted, as before.
    expect(votes((await counted())[0]!.vitals.lcp)).toBe(11);
  });

  it('counts no vital for a remote the token does not name', async () => {
    const token = await viewToken({ mfe_marketing: { version: 'local', cohort: 'stable' } });
    expect((await beacon(service.app, { token, events: [vital('lcp', 900), vital('inp', 40), vital('cls', 0)] }, from())).status).toBe(204);
    expect(await counted()).toEqual([]);
    expect((await service.db.query('SELECT * FROM remote_vitals_minutes')).rows).toEqual([]);
    expect((await service.db.query('SELECT * FROM view_token_counts')).rows).toEqual([]);
  });

  it('counts a vital toward the same cap as an event (TELEMETRY_COUNTS_PER_ADDRESS), a beacon past it not at all', async () => {
    const crowd = from();
    const token = await viewToken();
    expect((await beacon(service.app, { token, events: [event(), vital('lcp', 900), vital('inp', 40)] }, crowd)).status).toBe(204);
    // Three counted: two more would take the address past four, so neither is.
    expect((await beacon(service.app, await batch([event(), vital('cls', 0.3)]), crowd)).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 1, vitals: vitals({ lcp: { 3: 1 }, inp: { 2: 1 } }) })]);
    // The first page's CLS is the fourth; nothing after it.
    expect((await beacon(service.app, { token, events: [vital('cls', 0.3)] }, crowd)).status).toBe(204);
    expect((await beacon(service.app, await batch([event(), vital('lcp', 900)]), crowd)).status).toBe(204);
    expect((await beacon(service.app, await batch([event()]), crowd)).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 1, vitals: vitals({ lcp: { 3: 1 }, inp: { 2: 1 }, cls: { 9: 1 } }) })]);
    // Another address still counts.
    expect((await beacon(service.app, await batch([event(), vital('lcp', 900)]), from())).status).toBe(204);
    expect(await counted()).toEqual([expect.objectContaining({ views: 2, vitals: vitals({ lcp: { 3: 2 }, inp: { 2: 1 }, cls: { 9: 1 } }) })]);
  });
});

/** What a visitor of a preview of the account page is given (the stable version, pinned: counted apart all the same). */
const PREVIEW: ViewDeployments = { mfe_account: { version: '1.0.0-abc123def456', cohort: 'preview' }, mfe_marketing: { version: 'local', cohort: 'stable' } };

describe.each(backends)('field vitals in the summary, on %s: per deployment and cohort, in fixed buckets', (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens);
  });
  afterAll(() => service.db.close());
  beforeEach(async () => {
    await service.db.query('DELETE FROM remote_health_minutes');
    await service.db.query('DELETE FROM remote_vitals_minutes');
    await service.db.query('DELETE FROM remote_health_networks');
  });

  /** One page view of a remote and its vitals, each page with a token of its own. */
  const page = async (deployments: ViewDeployments, values: Partial<Record<Vital, number>>, remote = 'mfe_account', view = true) => {
    const events = [...(view ? [event({ remote })] : []), ...Object.entries(values).map(([name, value]) => vital(name, value, remote))];
    expect((await beacon(service.app, await batch(events, deployments))).status).toBe(204);
  };

  it("adds each vital up in its value's bucket, per deployment and cohort (a preview apart from the stable version it pins)", async () => {
    // Bounds belong to the bucket above them: LCP 2500 is the 2.5-4 s bucket's first, INP 200 the 200-250 ms one's, CLS 0.1 the 0.1-0.15 one's.
    await page(STABLE, { lcp: 0, inp: 0, cls: 0 });
    await page(STABLE, { lcp: 2499.9, inp: 199.9, cls: 0.0999 });
    await page(STABLE, { lcp: 2500, inp: 200, cls: 0.1 });
    await page(STABLE, { lcp: 2500.1 });
    await page(STABLE, { lcp: VITAL_MAX.lcp, inp: VITAL_MAX.inp, cls: VITAL_MAX.cls });
    await page(CANARY, { lcp: 20000, inp: 5000, cls: 1 });
    await page(CANARY, { lcp: 19999, inp: 4999, cls: 0.99 });
    await page(PREVIEW, { lcp: 2500, inp: 16, cls: 0.01 });
    // A vital without a view of its page counts nothing.
    await page(PREVIEW, { inp: 16 }, 'mfe_account', false);

    expect(await (await summary(service.app, '?remote=mfe_account')).json()).toEqual({
      minutes: 30,
      deployments: [
        {
          remote: 'mfe_account',
          version: '1.0.0-fedcba987654',
          cohort: 'canary',
          views: 2,
          loadFailures: 0,
          renderErrors: 0,
          hydrationErrors: 0,
          vitals: vitals({ lcp: { 17: 1, 18: 1 }, inp: { 17: 1, 18: 1 }, cls: { 12: 1, 13: 1 } }),
          // Every page from the tests' one network: one vote a vital, the middle one of its buckets.
          networks: nets(1, 0, { lcp: { 17: 1 }, inp: { 17: 1 }, cls: { 12: 1 } }),
          server: NO_SERVER,
        },
        {
          remote: 'mfe_account',
          version: '1.0.0-abc123def456',
          cohort: 'preview',
          views: 1,
          loadFailures: 0,
          renderErrors: 0,
          hydrationErrors: 0,
          vitals: vitals({ lcp: { 9: 1 }, inp: { 1: 1 }, cls: { 1: 1 } }),
          networks: nets(1, 0, { lcp: { 9: 1 }, inp: { 1: 1 }, cls: { 1: 1 } }),
          server: NO_SERVER,
        },
        {
          remote: 'mfe_account',
          version: '1.0.0-abc123def456',
          cohort: 'stable',
          views: 5,
          loadFailures: 0,
          renderErrors: 0,
          hydrationErrors: 0,
          vitals: vitals({ lcp: { 0: 1, 8: 1, 9: 2, 18: 1 }, inp: { 0: 1, 6: 1, 7: 1, 18: 1 }, cls: { 0: 1, 4: 1, 5: 1, 13: 1 } }),
          networks: nets(1, 0, { lcp: { 8: 1 }, inp: { 6: 1 }, cls: { 4: 1 } }),
          server: NO_SERVER,
        },
      ],
    });
  });

  it('counts a vital or an error only beside a view of the same token and remote, in the same beacon or an earlier one', async () => {
    const token = await viewToken(CANARY);
    // Without the page's view: nothing, neither the vital nor the error.
    expect((await beacon(service.app, { token, events: [vital('cls', 0.2), event({ kind: 'render_error' })] })).status).toBe(204);
    await page({ mfe_auth: { version: '2.0.0-aaaaaaaaaaaa', cohort: 'stable' } }, { inp: 75 }, 'mfe_auth', false);
    expect((await (await summary(service.app)).json()).deployments).toEqual([]);
    // A view of another remote of that token does not vouch for this one's.
    expect((await beacon(service.app, { token, events: [event({ remote: 'mfe_marketing' }), vital('cls', 0.2)] })).status).toBe(204);
    expect((await (await summary(service.app, '?remote=mfe_account')).json()).deployments).toEqual([]);
    // Once the page's view is counted, its vital and its error count (the vital before the view in the beacon, too).
    expect((await beacon(service.app, { token, events: [vital('cls', 0.2), event()] })).status).toBe(204);
    expect((await beacon(service.app, { token, events: [event({ kind: 'render_error' })] })).status).toBe(204);
    expect((await (await summary(service.app, '?remote=mfe_account')).json()).deployments).toEqual([
      {
        remote: 'mfe_account',
        version: '1.0.0-fedcba987654',
        cohort: 'canary',
        views: 1,
        loadFailures: 0,
        renderErrors: 1,
        hydrationErrors: 0,
        vitals: vitals({ cls: { 7: 1 } }),
        networks: nets(1, 1, { cls: { 7: 1 } }),
        server: NO_SERVER,
      },
    ]);
  });

  it('sums the vitals over the window asked for only', async () => {
    await page(STABLE, { lcp: 900 });
    await service.db.query(
      `INSERT INTO remote_vitals_minutes (minute, remote, version, cohort, vital, bucket, samples)
       VALUES (date_trunc('minute', now()) - interval '45 minutes', 'mfe_account', '1.0.0-abc123def456', 'stable', 'lcp', 3, 5),
              (date_trunc('minute', now()) - interval '45 minutes', 'mfe_account', '1.0.0-abc123def456', 'stable', 'cls', 0, 2),
              (date_trunc('minute', now()) - interval '50 minutes', 'mfe_account', '0.9.0-000000000000', 'stable', 'inp', 1, 1)`,
    );
    expect((await (await summary(service.app)).json()).deployments).toEqual([expect.objectContaining({ views: 1, vitals: vitals({ lcp: { 3: 1 } }) })]);
    expect((await (await summary(service.app, '?minutes=60')).json()).deployments).toEqual([
      expect.objectContaining({ version: '0.9.0-000000000000', views: 0, vitals: vitals({ inp: { 1: 1 } }) }),
      expect.objectContaining({ version: '1.0.0-abc123def456', views: 1, vitals: vitals({ lcp: { 3: 6 }, cls: { 0: 2 } }) }),
    ]);
  });

  it("removes the vitals' minutes past the health counters' retention, as theirs, by the scheduled sweep (not a beacon)", async () => {
    const old = `date_trunc('minute', now()) - make_interval(mins => ${HEALTH_RETENTION_MINUTES + 5})`;
    await service.db.query(
      `INSERT INTO remote_vitals_minutes (minute, remote, version, cohort, vital, bucket, samples) VALUES (${old}, 'mfe_account', 'old', 'stable', 'lcp', 3, 5)`,
    );
    await service.db.query(
      `INSERT INTO remote_vitals_minutes (minute, remote, version, cohort, vital, bucket, samples) VALUES (${old} + interval '10 minutes', 'mfe_account', 'kept', 'stable', 'lcp', 3, 5)`,
    );
    const versions = async () =>
      (await service.db.query<{ version: string }>('SELECT DISTINCT version FROM remote_vitals_minutes ORDER BY version')).rows.map((row) => row.version);
    // A beacon no longer sweeps anything.
    const counters = healthCounters(service.db);
    const token = { id: crypto.randomUUID(), deployments: STABLE, expiresAt: Date.now() + 60_000 };
    const events = [
      { remote: 'mfe_account', kind: 'view' as const },
      { remote: 'mfe_account', vital: 'lcp' as const, value: 10 },
    ];
    expect(await counters.recordVouched(token, events, { client: 'retention', limit: 10, windowMs: 60_000 })).toBe(2);
    expect(await versions()).toEqual(['1.0.0-abc123def456', 'kept', 'old']);
    const { rows } = await service.db.query<{ now: Date }>('SELECT now() AS now');
    expect((await sweepRetention(service.db, new Date(rows[0]!.now))).healthMinutes).toBe(1);
    expect(await versions()).toEqual(['1.0.0-abc123def456', 'kept']);
  });

  it("removes the networks' hashes once the summary's longest window (a day) has passed them, sooner than the counters", async () => {
    const minutesAgo = (minutes: number) => `date_trunc('minute', now()) - make_interval(mins => ${minutes})`;
    for (const [version, ago] of [
      ['past', 1445],
      ['within', 1435],
    ] as const) {
      await service.db.query(
        `INSERT INTO remote_health_networks (minute, remote, version, cohort, vote, network) VALUES (${minutesAgo(ago)}, 'mfe_account', '${version}', 'stable', 'view', 'n')`,
      );
    }
    const { rows } = await service.db.query<{ now: Date }>('SELECT now() AS now');
    await sweepRetention(service.db, new Date(rows[0]!.now));
    expect((await service.db.query('SELECT version FROM remote_health_networks')).rows).toEqual([{ version: 'within' }]);
  });

  it("removes the server's own counts past the health counters' retention, as theirs", async () => {
    const minutesAgo = (minutes: number) => `date_trunc('minute', now()) - make_interval(mins => ${minutes})`;
    for (const [version, ago] of [
      ['past', HEALTH_RETENTION_MINUTES + 5],
      ['kept', HEALTH_RETENTION_MINUTES - 5],
    ] as const) {
      await service.db.query(
        `INSERT INTO remote_server_minutes (minute, remote, version, cohort, pages, unrendered) VALUES (${minutesAgo(ago)}, 'mfe_account', '${version}', 'stable', 3, 1)`,
      );
    }
    const { rows } = await service.db.query<{ now: Date }>('SELECT now() AS now');
    await sweepRetention(service.db, new Date(rows[0]!.now));
    expect((await service.db.query('SELECT version FROM remote_server_minutes')).rows).toEqual([{ version: 'kept' }]);
  });
});

describe.each(backends)("the vitals' migration on %s", (kind) => {
  it('applies on a database the service ran on before it: its counters kept, vitals counted after', async () => {
    const db = await freshDatabase(kind);
    try {
      // The database as the service left it at version 10 (its migrations, recorded as migrate() records them).
      await db.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const migration of [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version <= 10)) {
        await db.exec(migration.sql);
        await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      }
      await db.query(
        `INSERT INTO remote_health_minutes (minute, remote, version, cohort, views) VALUES (date_trunc('minute', now()), 'mfe_account', '1.0.0-abc123def456', 'stable', 7)`,
      );
      const vouched = await viewToken();
      await db.query(`INSERT INTO view_token_counts (token_id, remote, kind, expires_at) VALUES ('earlier', 'mfe_account', 'view', now() + interval '10 minutes')`);

      // Version 11 and whatever came after it.
      expect(await migrate(db)).toEqual(
        migrations
          .map((m) => m.version)
          .filter((version) => version > 10)
          .sort((a, b) => a - b),
      );
      expect(await migrate(db)).toEqual([]);
      const { app } = await createService(testConfig(), { db });
      expect((await beacon(app, { token: vouched, events: [event(), vital('lcp', 900)] })).status).toBe(204);
      expect((await (await summary(app)).json()).deployments).toEqual([expect.objectContaining({ views: 8, vitals: vitals({ lcp: { 3: 1 } }) })]);
      expect((await db.query('SELECT * FROM view_token_counts')).rows).toHaveLength(3);
    } finally {
      await db.close();
    }
  });
});

describe.each(backends)("the site's server's view grants (POST /telemetry/view-grants) on %s", (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens, { VIEW_TOKENS_PER_ADDRESS: '3' });
  });
  afterAll(() => service.db.close());
  const ask = (body: unknown) => call(service.app, '/telemetry/view-grants', { body });
  const grant = async (address: string, secret = LOCAL_VIEW_TOKEN_SECRET, now?: number) =>
    (await ask({ request: await signViewGrantRequest(secret, address, now === undefined ? {} : { now }) })).json();

  it('grants VIEW_TOKENS_PER_ADDRESS a minute to one address, another address its own, under a keyed hash of it', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await grant('198.51.100.20'));
    expect(answers).toEqual([{ granted: true }, { granted: true }, { granted: true }, { granted: false, retryAfterMs: expect.any(Number) }]);
    // Refused, with how long until the window ends (within the minute): every ask is refused till then.
    const { retryAfterMs } = answers[3] as { retryAfterMs: number };
    expect(retryAfterMs).toBeGreaterThan(50_000);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await grant('198.51.100.21')).toEqual({ granted: true });
    const { rows } = await service.db.query<{ key: string }>("SELECT key FROM rate_limit_hits WHERE key LIKE 'view-grant:%'");
    expect(rows.map((row) => row.key).every((key) => /^view-grant:[\w-]{43}$/.test(key))).toBe(true);
    // Its window over, the address has its few again.
    await service.db.query("UPDATE rate_limit_hits SET reset_at = now() - interval '1 second' WHERE key LIKE 'view-grant:%'");
    expect(await grant('198.51.100.20')).toEqual({ granted: true });
  });

  it.each([
    ['signed with another secret', () => signViewGrantRequest('another-secret-that-is-long-enough-0123456789', '198.51.100.30')],
    ['expired', () => signViewGrantRequest(LOCAL_VIEW_TOKEN_SECRET, '198.51.100.30', { now: Date.now() - 120_000 })],
    ['a view token (another audience)', () => viewToken()],
    ['no token at all', async () => 'not-a-token'],
  ])('refuses a request %s with 401, granting nothing', async (_what, request) => {
    const answer = await ask({ request: await request() });
    expect(answer.status).toBe(401);
    expect((await answer.json()).error.code).toBe('view_grant_invalid');
  });

  it.each([
    ['no request', {}],
    ['a request that is not a string', { request: 5 }],
    ['a field beside it', { request: 'x', address: '198.51.100.30' }],
    ['a body that is not JSON', '{"request":'],
  ])('refuses a body with %s with a 400', async (_what, body) => {
    const answer =
      typeof body === 'string' ? await request(service.app, '/telemetry/view-grants', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }) : await ask(body);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe('invalid_body');
  });
});

describe.each(backends)("what the site's server saw itself (POST /telemetry/server-signals) on %s", (kind) => {
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    service = await startService(kind, tokens);
  });
  afterAll(() => service.db.close());
  beforeEach(async () => {
    await service.db.query('DELETE FROM remote_server_minutes');
  });
  const report = (body: unknown) => call(service.app, '/telemetry/server-signals', { body });
  const signal = (outcome: 'drawn' | 'unrendered', cohort: 'stable' | 'canary' = 'canary'): ServerSignalReport => ({
    remote: 'mfe_account',
    version: cohort === 'canary' ? '1.0.0-fedcba987654' : '1.0.0-abc123def456',
    cohort,
    outcome,
  });

  it('adds the pages drawn and served unrendered per deployment, each report once, and the summary gives them', async () => {
    const once = await signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [signal('unrendered')]);
    for (let i = 0; i < 3; i += 1) expect((await report({ report: once })).status).toBe(204);
    expect((await report({ report: await signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [signal('drawn'), signal('drawn', 'stable')]) })).status).toBe(204);
    const { deployments } = await (await summary(service.app, '?remote=mfe_account')).json();
    expect(deployments).toEqual([
      expect.objectContaining({ version: '1.0.0-fedcba987654', cohort: 'canary', views: 0, server: { pages: 2, unrendered: 1 } }),
      expect.objectContaining({ version: '1.0.0-abc123def456', cohort: 'stable', views: 0, server: { pages: 1, unrendered: 0 } }),
    ]);
    const { rows } = await service.db.query('SELECT * FROM remote_server_minutes');
    expect(Object.keys(rows[0]!).sort()).toEqual(['cohort', 'minute', 'pages', 'remote', 'unrendered', 'version']);
  });

  it("adds the pages each signal of a site process's report counts (a second's pages in one report)", async () => {
    const gathered = await signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [
      { ...signal('drawn'), pages: 57 },
      { ...signal('unrendered'), pages: 3 },
      { ...signal('drawn', 'stable'), pages: 1 },
    ]);
    expect((await report({ report: gathered })).status).toBe(204);
    const { deployments } = await (await summary(service.app, '?remote=mfe_account')).json();
    expect(deployments).toEqual([
      expect.objectContaining({ version: '1.0.0-fedcba987654', cohort: 'canary', server: { pages: 60, unrendered: 3 } }),
      expect.objectContaining({ version: '1.0.0-abc123def456', cohort: 'stable', server: { pages: 1, unrendered: 0 } }),
    ]);
  });

  it.each([
    ['signed with another secret', () => signServerSignals('another-secret-that-is-long-enough-0123456789', [signal('unrendered')])],
    ['expired', () => signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [signal('unrendered')], { now: Date.now() - 120_000 })],
    ['a view token (another audience)', () => viewToken()],
    ['naming a remote the site does not have', () => signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [{ ...signal('unrendered'), remote: 'mfe_shop' as never }])],
    ['counting no page', () => signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [{ ...signal('unrendered'), pages: 0 }])],
    ['counting more pages than a process serves in a report', () => signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [{ ...signal('unrendered'), pages: SERVER_SIGNAL_PAGES_MAX + 1 }])],
    ['counting part of a page', () => signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [{ ...signal('unrendered'), pages: 1.5 }])],
  ])('refuses a report %s with 401, counting nothing', async (_what, made) => {
    const answer = await report({ report: await made() });
    expect(answer.status).toBe(401);
    expect((await answer.json()).error.code).toBe('server_signals_invalid');
    expect((await service.db.query('SELECT * FROM remote_server_minutes')).rows).toEqual([]);
  });

  it.each([
    ['no report', {}],
    ['a report that is not a string', { report: [] }],
    ['a field beside it', { report: 'x', pages: 5 }],
  ])('refuses a body with %s with a 400', async (_what, body) => {
    const answer = await report(body);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe('invalid_body');
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
