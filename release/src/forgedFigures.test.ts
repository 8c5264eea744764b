// The figures `release watch` judges a canary on cannot be forged: the user service counts a
// beacon only with a view token the site's server signed, once per token, remote and kind. The
// issue's two attacks, against the real service and the watch's own judgement: one request of 20
// forged render errors made a healthy canary "failing"; eight requests of 20 forged views made a
// failing one "healthy".
import { startEmbeddedService } from '@site/service-user/embedded';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/service-user/telemetry';
import { signViewToken, type ViewDeployments } from '@site/service-user/view-token';
import { healthIn, serviceSummary } from './health';
import { DEFAULT_POLICY, judge } from './watch';

const STABLE = '1.0.0-aaaaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbbbb';
const deployments = { stable: STABLE, canary: CANARY };
const given = (cohort: 'stable' | 'canary'): ViewDeployments => ({ mfe_marketing: { version: cohort === 'stable' ? STABLE : CANARY, cohort } });

let service: Awaited<ReturnType<typeof startEmbeddedService>>;
let url: string;
beforeAll(async () => {
  const port = 8790 + Number(process.env.JEST_WORKER_ID ?? 1);
  // The beacons' own rate limit is not what is tested here: it is raised out of the way.
  service = await startEmbeddedService({ port, env: { TELEMETRY_RATE_LIMIT: '100000' } });
  url = `http://127.0.0.1:${port}`;
});
afterAll(() => service.close());
beforeEach(() => service.db.query('DELETE FROM remote_health_minutes'));

const send = (body: unknown) =>
  fetch(`${url}/telemetry`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) }).then((answer) => answer.status);

/** Real page views of one cohort, each page with its own token, as the site's server gives them. */
async function realViews(cohort: 'stable' | 'canary', views: number, errors = 0) {
  for (let i = 0; i < views; i += 1) {
    const token = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given(cohort));
    const events = [{ remote: 'mfe_marketing', kind: 'view' }, ...(i < errors ? [{ remote: 'mfe_marketing', kind: 'render_error' }] : [])];
    expect(await send({ token, events })).toBe(204);
  }
}

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
  // A real token of a canary page, replayed: its one render error counts once.
  const replayed = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, given('canary'));
  for (let i = 0; i < 20; i += 1) expect(await send({ token: replayed, events: flood })).toBe(204);

  const after = await verdict();
  expect(after).toMatchObject({ outcome: 'healthy', canary: { views: 30, errors: 1 } });
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
