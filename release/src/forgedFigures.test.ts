// The figures `release watch` judges a canary on cannot be forged, nor steered from a few
// networks: the user service counts a beacon only with a view token the site's server signed, once
// per token, remote and kind, an error or a vital only beside its page's view, and the watch judges
// networks (a /24 or /48 each: one vote per kind), not events. The service here trusts one proxy
// (TRUST_PROXY=1), so each beacon's X-Forwarded-For is the address it comes from: the tests' way
// of being many networks.
import { startEmbeddedService } from '@site/service-user/embedded';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/telemetry';
import { signServerSignals, signViewToken, type ViewDeployments } from '@site/contract/view-token';
import { healthIn, serviceSummary } from './health';
import { DEFAULT_POLICY, judge } from './watch';

const STABLE = '1.0.0-aaaaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbbbb';
const deployments = { stable: STABLE, canary: CANARY };
const given = (cohort: 'stable' | 'canary'): ViewDeployments => ({ mfe_marketing: { version: cohort === 'stable' ? STABLE : CANARY, cohort } });

// Each test sends tens to hundreds of beacons through the service, each stored: up to 2.2 s of work
// here, and 2-2.5x that on a slower host of the same kind, too near jest's default 5 s.
jest.setTimeout(30_000);

let service: Awaited<ReturnType<typeof startEmbeddedService>>;
let url: string;
beforeAll(async () => {
  const port = 8790 + Number(process.env.JEST_WORKER_ID ?? 1);
  // The beacons' own rate limit is not what is tested here: it is raised out of the way.
  service = await startEmbeddedService({ port, env: { TELEMETRY_RATE_LIMIT: '100000', TRUST_PROXY: '1' } });
  url = `http://127.0.0.1:${port}`;
  // A fresh embedded database runs PostgreSQL's initdb (3-5 s alone, longer beside other work): the
  // start is set up, not measured (it failed the 5 s default once beside another test run).
}, 60_000);
afterAll(() => service.close());
beforeEach(async () => {
  for (const table of ['remote_health_minutes', 'remote_vitals_minutes', 'remote_health_networks', 'remote_server_minutes', 'rate_limit_hits']) {
    await service.db.query(`DELETE FROM ${table}`);
  }
});

/** A beacon from an address (one proxy in front of the service: its X-Forwarded-For entry). */
const send = (body: unknown, from = '192.0.2.1') =>
  fetch(`${url}/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  }).then((answer) => answer.status);

type Event = { remote: 'mfe_marketing'; kind: string } | { remote: 'mfe_marketing'; vital: string; value: number };
const view: Event = { remote: 'mfe_marketing', kind: 'view' };
const errorKinds: Event[] = ['load_failure', 'render_error', 'hydration_error'].map((kind) => ({ remote: 'mfe_marketing', kind }));

/** Each real visit comes from a network of its own (10.n.0.0/24). */
let network = 0;
/** Real page views of one cohort, each page with its own token, as the site's server gives them, each from its own network. */
async function realViews(cohort: 'stable' | 'canary', views: number, errors = 0, vitals: Event[] = []) {
  for (let i = 0; i < views; i += 1) {
    network += 1;
    const token = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given(cohort));
    const events = [view, ...(i < errors ? [{ remote: 'mfe_marketing', kind: 'render_error' } as const] : []), ...vitals];
    expect(await send({ token, events }, `10.${network >> 8}.${network & 255}.1`)).toBe(204);
  }
}

/** An attacker's pages: real tokens of the cohort (as anyone may get them), `beacons` of them from each of its addresses. */
async function attack(cohort: 'stable' | 'canary', addresses: string[], beacons: number, events: Event[]) {
  for (const address of addresses) {
    for (let i = 0; i < beacons; i += 1) {
      const token = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given(cohort));
      expect(await send({ token, events }, address)).toBe(204);
    }
  }
}

/** One address; and a few networks (three /24s). */
const ONE_ADDRESS = ['203.0.113.7'];
const FEW_NETWORKS = ['198.51.100.7', '198.51.101.7', '198.51.102.7'];

const verdict = async () => {
  const health = healthIn(await serviceSummary({ USER_SERVICE_URL: url })(30, 'mfe_marketing'), 'mfe_marketing', deployments);
  return judge(health.stable, health.canary, DEFAULT_POLICY);
};

const forgedTokens = async (cohort: 'stable' | 'canary') => {
  const real = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given(cohort));
  const [header, payload, signature] = real.split('.');
  return [
    await signViewToken('a-secret-the-forger-made-up-for-this-0123', given(cohort)),
    `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), jti: 'another' })).toString('base64url')}.${signature}`,
    'eyJhbGciOiJub25lIn0.eyJkIjp7fX0.',
  ];
};

it('a flood of forged and replayed render errors leaves a healthy canary healthy', async () => {
  await realViews('stable', 30);
  await realViews('canary', 30);
  expect(await verdict()).toMatchObject({ outcome: 'healthy' });

  const flood = Array.from({ length: 20 }, () => ({ remote: 'mfe_marketing', kind: 'render_error' }));
  for (const token of await forgedTokens('canary')) expect(await send({ token, events: flood })).toBe(204);
  // A real token of a canary page, replayed: its view and one render error count once.
  const replayed = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given('canary'));
  for (let i = 0; i < 20; i += 1) expect(await send({ token: replayed, events: [view, ...flood.slice(1)] })).toBe(204);

  const after = await verdict();
  expect(after).toMatchObject({ outcome: 'healthy', canary: { views: 31, errors: 1 } });
});

it('a flood of forged and replayed views leaves a failing canary failing', async () => {
  await realViews('stable', 25);
  await realViews('canary', 20, 9);
  expect(await verdict()).toMatchObject({ outcome: 'failing' });

  const flood = Array.from({ length: 20 }, () => ({ remote: 'mfe_marketing', kind: 'view' }));
  for (let i = 0; i < 8; i += 1) for (const token of await forgedTokens('canary')) expect(await send({ token, events: flood })).toBe(204);
  const replayed = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given('canary'));
  for (let i = 0; i < 8; i += 1) expect(await send({ token: replayed, events: flood })).toBe(204);

  expect(await verdict()).toMatchObject({ outcome: 'failing', canary: { views: 21, errors: 9 } });
});

it("a canary whose pages the site's server served unrendered is rolled back on that alone, whatever the beacons say", async () => {
  // Healthy to every browser, from enough networks.
  await realViews('stable', 25);
  await realViews('canary', 25);
  expect(await verdict()).toMatchObject({ outcome: 'healthy' });
  // What the site's server saw itself (its own reports, signed with the secret no browser has).
  const tell = async (cohort: 'stable' | 'canary', outcome: 'drawn' | 'unrendered') => {
    const report = await signServerSignals(LOCAL_VIEW_TOKEN_SECRET, [{ remote: 'mfe_marketing', version: cohort === 'stable' ? STABLE : CANARY, cohort, outcome }]);
    const answer = await fetch(`${url}/telemetry/server-signals`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ report }) });
    expect(answer.status).toBe(204);
  };
  for (let i = 0; i < 25; i += 1) await tell('stable', 'drawn');
  for (let i = 0; i < 20; i += 1) await tell('canary', i < 8 ? 'unrendered' : 'drawn');
  expect(await verdict()).toMatchObject({ outcome: 'failing', errors: false, slower: [], server: { p: expect.any(Number) } });
});

// The four verdicts that one or two addresses decided, each from one address and from a
// few networks, with real tokens: the verdict stays what the real visits make it.
describe.each([
  ['one address', ONE_ADDRESS],
  ['a few networks', FEW_NETWORKS],
])('from %s', (_from, addresses) => {
  it('one beacon of three error kinds does not roll back a healthy canary (25 views, no error)', async () => {
    await realViews('stable', 25);
    await realViews('canary', 25);
    expect(await verdict()).toMatchObject({ outcome: 'healthy' });
    await attack('canary', addresses, 1, [view, ...errorKinds]);
    expect(await verdict()).toMatchObject({ outcome: 'healthy', canary: { errors: 3 * addresses.length } });
  });

  it('five beacons of errors into the stable cohort do not make a failing canary (9 of 25 views with errors) healthy', async () => {
    await realViews('stable', 25);
    await realViews('canary', 25, 9);
    expect(await verdict()).toMatchObject({ outcome: 'failing', errors: true });
    await attack('stable', addresses, 5, [view, ...errorKinds]);
    expect(await verdict()).toMatchObject({ outcome: 'failing', errors: true, stable: { errors: 15 * addresses.length } });
  });

  it('sixty beacons of LCP 120 s and INP 60 s do not roll a healthy canary back on speed', async () => {
    const fast: Event[] = [
      { remote: 'mfe_marketing', vital: 'lcp', value: 1200 },
      { remote: 'mfe_marketing', vital: 'inp', value: 80 },
    ];
    await realViews('stable', 25, 0, fast);
    await realViews('canary', 25, 0, fast);
    expect(await verdict()).toMatchObject({ outcome: 'healthy' });
    await attack('canary', addresses, 60 / addresses.length, [
      view,
      { remote: 'mfe_marketing', vital: 'lcp', value: 120_000 },
      { remote: 'mfe_marketing', vital: 'inp', value: 60_000 },
    ]);
    const after = await verdict();
    expect(after).toMatchObject({ outcome: 'healthy' });
    // The samples were counted (within the address's cap); as votes they are one per network.
    const canary = after.outcome === 'healthy' ? after.canary : null;
    expect(canary?.vitals.lcp.at(-1)).toBeGreaterThan(addresses.length);
    expect(canary?.networks.vitals.lcp.at(-1)).toBe(addresses.length);
  });

  it('two addresses of 120 views each do not dilute a failing canary (9 of 25 views with errors) into a healthy one', async () => {
    await realViews('stable', 25);
    await realViews('canary', 25, 9);
    const diluting = addresses.length === 1 ? ['203.0.113.7', '203.0.113.8'] : addresses;
    await attack('canary', diluting, Math.floor(240 / diluting.length), [view]);
    expect(await verdict()).toMatchObject({ outcome: 'failing', errors: true, canary: { views: 25 + 240 } });
  });
});
