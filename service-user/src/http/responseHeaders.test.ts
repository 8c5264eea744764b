import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { call as callInProcess, request as requestInProcess, startService, tokenFactory, type TestApp, type TestResponse } from '../testing/harness';
import { listenGracefully } from './listen';

const SITE = 'http://localhost:3000';
let app: TestApp;
let close: () => Promise<void>;
let expectedSecurity: [string, string][];
let servedAt: string;

beforeAll(async () => {
  const tokens = await tokenFactory();
  const failing = async () => {
    throw new Error('verifier down');
  };
  const service = await startService('pglite', tokens, { CORS_ORIGINS: SITE, BODY_LIMIT_BYTES: '100' }, { verifyToken: failing });
  app = service.app;
  // Served by Node too: the headers then go through Node's own response (nodeMessages.ts).
  const server = await listenGracefully(service.app, { port: 0, host: '127.0.0.1' });
  servedAt = `http://127.0.0.1:${server.port}`;
  close = async () => {
    await server.close();
    await service.db.close();
  };
  // What hono's own secureHeaders middleware sends.
  expectedSecurity = [
    ...(
      await new Hono()
        .use(secureHeaders())
        .get('/', (c) => c.body(null))
        .request('/')
    ).headers,
  ];
});
afterAll(() => close());

function expectSecurityHeaders(answer: TestResponse) {
  expect(expectedSecurity.length).toBeGreaterThan(5);
  for (const [name, value] of expectedSecurity) expect([name, answer.headers.get(name)]).toEqual([name, value]);
}

/** A request to the app in process (app.request), or over HTTP to the app served by Node. */
type Transport = { request: (app: TestApp, path: string, init?: RequestInit) => Promise<TestResponse>; call: typeof callInProcess };
const inProcess: Transport = { request: requestInProcess, call: callInProcess };
const served: Transport = {
  request: (_app, path, init) => fetch(`${servedAt}${path}`, init),
  call: (_app, path, { token, body, headers = {} } = {}) =>
    fetch(`${servedAt}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? '{}' : typeof body === 'string' ? body : JSON.stringify(body),
    }),
};

describe.each([
  ['in process', inProcess],
  ['served by Node', served],
])('answers %s', (_transport, { request, call }) => {
  const answers: [string, () => Promise<TestResponse>, number][] = [
    ['a success', () => request(app, '/healthz', { headers: { Origin: SITE } }), 200],
    ['a refusal', () => call(app, '/get-user-info', { headers: { Origin: SITE } }), 401],
    ['a call of no route', () => call(app, '/no/such/call', { headers: { Origin: SITE } }), 404],
    ['a body too large', () => call(app, '/newsletter', { body: { email: `${'a'.repeat(200)}@example.com` }, headers: { Origin: SITE } }), 413],
    ['an unhandled error', () => call(app, '/get-user-info', { token: 'a.b.c', headers: { Origin: SITE } }), 500],
  ];

  it.each(answers)("sends hono's security headers and the site's CORS origin on %s", async (_, send, status) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expectSecurityHeaders(answer);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(SITE);
    expect(answer.headers.get('Vary')).toBe('Origin');
  });

  it('names no origin for a site that is not allowed, and still varies on Origin', async () => {
    const answer = await request(app, '/healthz', { headers: { Origin: 'https://evil.example' } });
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(answer.headers.get('Vary')).toBe('Origin');
    expectSecurityHeaders(answer);
  });

  it('answers a preflight from the site with the methods, headers and max age, and one from elsewhere without an origin', async () => {
    const preflight = (origin: string) =>
      request(app, '/contact', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
      });
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(SITE);
    expect(allowed.headers.get('Access-Control-Allow-Methods')).toBe('POST,GET');
    expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe('Authorization,Content-Type,Idempotency-Key');
    expect(allowed.headers.get('Access-Control-Max-Age')).toBe('600');
    expect(allowed.headers.get('Vary')).toBe('Origin, Access-Control-Request-Headers');
    expectSecurityHeaders(allowed);
    expect((await preflight('https://evil.example')).headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('keeps a plain X-Request-Id and answers it, and makes one for any other', async () => {
    const kept = await request(app, '/healthz', { headers: { 'X-Request-Id': 'trace-123_abc=' } });
    expect(kept.headers.get('X-Request-Id')).toBe('trace-123_abc=');
    const replaced = await request(app, '/healthz', { headers: { 'X-Request-Id': 'not plain!' } });
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request(app, '/healthz')).headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});
