import { createServer, type AddressInfo } from 'node:net';
import { createService } from '../service';
import { backends, call, freshDatabase, logCapture, startService, testConfig, tokenFactory, type Tokens } from '../testing/harness';
import { ConfigError, loadConfig } from '../environment';
import { createLogger } from './logging';

let tokens: Tokens;
beforeAll(async () => {
  tokens = await tokenFactory();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(backends)('request logs on %s', (kind) => {
  async function loggedService(env: Record<string, string> = { LOG_LEVEL: 'info' }, overrides = {}) {
    const log = logCapture();
    const service = await startService(kind, tokens, env, { logger: createLogger(testConfig(env).logLevel, log.stream), ...overrides });
    return { ...service, log };
  }

  // One service for the tests that need nothing of their own; each reads only its own lines.
  let shared: Awaited<ReturnType<typeof loggedService>>;
  beforeAll(async () => {
    shared = await loggedService();
  });
  beforeEach(() => shared.log.clear());
  afterAll(() => shared.db.close());

  it('writes one JSON line per request: method, route pattern, status, duration and request id', async () => {
    const { app, log } = shared;
    const token = await tokens.sign('log-user');
    const answer = await call(app, '/get-user-info', { token });
    expect(answer.status).toBe(200);

    const requests = log.lines().filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 30, method: 'POST', route: '/get-user-info', status: 200, requestId: answer.headers.get('X-Request-Id') });
    expect(requests[0]!.requestId).toMatch(UUID);
    expect(typeof requests[0]!.durationMs).toBe('number');
    expect(typeof requests[0]!.time).toBe('number');
  });

  it('names the route pattern, not the path, and logs a call of no route as unmatched', async () => {
    const { app, log } = shared;
    expect((await call(app, '/no/such/call')).status).toBe(404);
    expect((await call(app, '/get-user-info')).status).toBe(401);
    expect(log.lines().map((line) => [line.route, line.status])).toEqual([
      ['unmatched', 404],
      ['/get-user-info', 401],
    ]);
  });

  it("keeps a caller's short, plain X-Request-Id and answers with it", async () => {
    const { app, log } = shared;
    const answer = await call(app, '/get-user-info', { headers: { 'X-Request-Id': 'edge-4f2a_9=' } });
    expect(answer.headers.get('X-Request-Id')).toBe('edge-4f2a_9=');
    expect(log.lines()[0]).toMatchObject({ requestId: 'edge-4f2a_9=' });
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['unsafe characters', 'id"},"admin":true'],
    ['spaces', 'two words'],
  ])('makes a new request id when the given one has %s', async (_, given) => {
    const { app, log } = shared;
    const answer = await call(app, '/get-user-info', { headers: { 'X-Request-Id': given } });
    expect(answer.headers.get('X-Request-Id')).toMatch(UUID);
    expect(log.lines()[0]!.requestId).toBe(answer.headers.get('X-Request-Id'));
    expect(log.text()).not.toContain(given);
  });

  it('never writes the bearer token, the email or the body of a request to the log', async () => {
    const { app, log } = shared;
    const token = await tokens.sign('private-user', 'private.person@example.com');
    expect((await call(app, '/register-user', { token })).status).toBe(200);
    expect((await call(app, '/link-device', { token, body: { deviceId: 'phone-secret-id', deviceName: 'Ana’s phone' } })).status).toBe(200);
    const contact = { firstname: 'Ana', lastname: 'Pop', email: 'ana.pop@example.com', subject: 'Hello', message: 'my private message' };
    expect((await call(app, '/contact', { body: contact })).status).toBe(201);

    expect(log.lines().filter((line) => line.msg === 'request')).toHaveLength(3);
    for (const secret of [token, token.split('.')[2]!, 'private.person@example.com', 'ana.pop@example.com', 'my private message', 'phone-secret-id']) {
      expect(log.text()).not.toContain(secret);
    }
  });

  it('logs an unhandled error once, as one JSON line with its stack and the request id, and answers 500', async () => {
    const explodingVerifier = async () => {
      throw new Error('the key cache exploded');
    };
    const { app, db, log } = await loggedService({ LOG_LEVEL: 'info' }, { verifyToken: explodingVerifier });
    const answer = await call(app, '/get-user-info', { token: await tokens.sign('unlucky-user') });
    expect(answer.status).toBe(500);
    expect((await answer.json()).error.code).toBe('internal');

    const errors = log.lines().filter((line) => line.msg === 'unhandled error');
    expect(errors).toHaveLength(1);
    const [error] = errors as [{ level: number; requestId: string; route: string; err: { message: string; stack: string } }];
    expect(error).toMatchObject({ level: 50, requestId: answer.headers.get('X-Request-Id'), route: '/get-user-info' });
    expect(error.err.message).toBe('the key cache exploded');
    expect(error.err.stack).toContain('logging.test.ts');
    // The stack's lines are escaped inside the one JSON line.
    expect(log.text().split('\n').filter(Boolean)).toHaveLength(2);
    expect(log.lines().find((line) => line.msg === 'request')).toMatchObject({ status: 500 });
    await db.close();
  });

  it('writes errors but no request lines at LOG_LEVEL=error', async () => {
    const failing = async () => {
      throw new Error('still logged');
    };
    const { app, db, log } = await loggedService({ LOG_LEVEL: 'error' }, { verifyToken: failing });
    await call(app, '/get-user-info');
    await call(app, '/get-user-info', { token: await tokens.sign('quiet-user') });
    expect(log.lines().map((line) => line.msg)).toEqual(['unhandled error']);
    await db.close();
  });
});

it("logs a key set that cannot be fetched as one JSON error line of the service's log", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/keys`;
  await new Promise((resolve) => closed.close(resolve));
  const config = testConfig({ LOG_LEVEL: 'info', GOOGLE_JWKS_URL: jwksUrl });
  const log = logCapture();
  const db = await freshDatabase('pglite');
  const { app } = await createService(config, { db, logger: createLogger(config.logLevel, log.stream) });

  const answer = await call(app, '/get-user-info', { token: await tokens.sign('outage-user') });
  expect(answer.status).toBe(503);
  const errors = log.lines().filter((line) => line.level === 50);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ msg: `the key set at ${jwksUrl} could not be fetched` });
  expect((errors[0]!.err as { stack: string }).stack).toEqual(expect.any(String));
  await db.close();
});

describe('LOG_LEVEL', () => {
  it('is info by default and silent under NODE_ENV=test, where the tests read their own stream', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('refuses a level pino does not know, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
