import { SignJWT, UnsecuredJWT } from 'jose';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { createTokenVerifier } from './identity/verifyIdToken';
import { backends, call, request, ISSUER, PROJECT_ID, startService, tokenFactory, type TestApp, type TestResponse, type Tokens } from './testing/harness';

const now = () => Math.floor(Date.now() / 1000);

describe.each(backends)('hardening on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens, { PUBLIC_RATE_LIMIT: '3', BODY_LIMIT_BYTES: '2048' }));
  });
  afterAll(() => db.close());

  describe('tokens', () => {
    const expectUnauthenticated = async (response: TestResponse, code: string) => {
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe(code);
    };

    it('accepts a valid RS256 token', async () => {
      expect((await call(app, '/get-user-info', { token: await tokens.sign('ok-uid') })).status).toBe(200);
    });

    it('refuses a missing token', async () => {
      await expectUnauthenticated(await call(app, '/get-user-info'), 'token_missing');
    });

    it('refuses a malformed Authorization header or token', async () => {
      await expectUnauthenticated(await call(app, '/get-user-info', { headers: { Authorization: 'Basic abc' } }), 'token_missing');
      await expectUnauthenticated(await call(app, '/get-user-info', { token: 'not-a-jwt' }), 'token_invalid');
    });

    it('refuses a token signed with another key', async () => {
      await expectUnauthenticated(await call(app, '/get-user-info', { token: await tokens.sign('x', 'x@e.com', {}, await tokens.otherKey()) }), 'token_invalid');
    });

    it('refuses an unsigned (alg none) token in production mode', async () => {
      await expectUnauthenticated(await call(app, '/get-user-info', { token: tokens.unsigned('x') }), 'token_invalid');
    });

    it.each([
      ['a wrong audience', { aud: 'another-project' }],
      ['a wrong issuer', { iss: 'https://securetoken.google.com/another-project' }],
      ['an auth_time in the future', { auth_time: now() + 3600 }],
      ['an empty subject', { sub: '' }],
    ])('refuses a token with %s', async (_case, extra) => {
      await expectUnauthenticated(await call(app, '/get-user-info', { token: await tokens.sign('x', 'x@e.com', extra) }), 'token_invalid');
    });

    it('refuses an expired token with its own code', async () => {
      const expired = await tokens.sign('x', 'x@e.com', { iat: now() - 7200, exp: now() - 3600 });
      await expectUnauthenticated(await call(app, '/get-user-info', { token: expired }), 'token_expired');
    });

    it('never reads cookies', async () => {
      const token = await tokens.sign('cookie-uid');
      await expectUnauthenticated(await call(app, '/get-user-info', { headers: { Cookie: `loginCookie=${token}` } }), 'token_missing');
    });
  });

  describe('bad bodies get a 4xx, never a 500, and lose nothing', () => {
    let token: string;
    beforeAll(async () => {
      token = await tokens.sign('body-uid');
      await call(app, '/link-device', { token, body: { deviceId: 'kept-phone', deviceName: 'Kept' } });
    });
    afterEach(async () => {
      expect(await (await call(app, '/get-device-info', { token })).json()).toEqual({ deviceId: 'kept-phone', deviceName: 'Kept' });
    });

    it('invalid JSON: 400', async () => {
      const response = await call(app, '/link-device', { token, body: '{"deviceId": ' });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    });

    it('wrong types: 400 naming the fields', async () => {
      const response = await call(app, '/link-device', { token, body: { deviceId: 42, deviceName: ['x'] } });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_body');
      expect(error.message).toMatch(/deviceId.*deviceName/);
    });

    it('oversized: 413', async () => {
      const response = await call(app, '/link-device', { token, body: { deviceId: 'x', deviceName: 'y'.repeat(5000) } });
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe('payload_too_large');
    });

    it('an oversized webhook event: 413 (the webhook has its own, larger limit)', async () => {
      const response = await request(app, '/stripe/webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': 't=1,v1=x', 'Content-Type': 'application/json' },
        body: 'x'.repeat(600 * 1024),
      });
      expect(response.status).toBe(413);
    });

    it('wrong content type: 415', async () => {
      const response = await call(app, '/link-device', { token, body: 'deviceId=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(response.status).toBe(415);
    });

    it('an invalid email on the public calls: 400', async () => {
      const response = await call(app, '/newsletter', { body: { email: 'not-an-email' }, headers: { 'X-Test': 'email' } });
      expect(response.status).toBe(400);
    });

    it('an unknown call: 404 in the same shape', async () => {
      const response = await call(app, '/no-such-call', { token });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    });
  });

  describe('headers, CORS and rate limits', () => {
    it('sends secure headers', async () => {
      const response = await request(app, '/healthz');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    });

    it('allows the site\'s origins only, with Authorization and Content-Type', async () => {
      const preflight = (origin: string) =>
        request(app, '/get-user-info', {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
        });
      const allowed = await preflight('http://localhost:3000');
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000');
      expect(allowed.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
      const refused = await preflight('https://evil.example');
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
    });

    it('limits unauthenticated calls per client', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await call(app, '/newsletter', { body: { email: `r${i}@example.com` }, headers: { 'X-Test': 'limit' } })).status);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await call(app, '/newsletter', { body: { email: 'late@example.com' } });
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe('rate_limited');
    });
  });

  it('runs its migrations once: a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });
});

describe('emulator mode', () => {
  it('accepts the emulator\'s unsigned tokens, still checking issuer, audience and expiry', async () => {
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    const claims = { iss: ISSUER, aud: PROJECT_ID, sub: 'emu-uid', email: 'emu@example.com', auth_time: now() - 10, iat: now() - 10, exp: now() + 3600 };
    await expect(verify(new UnsecuredJWT(claims).encode())).resolves.toEqual({ uid: 'emu-uid', email: 'emu@example.com' });
    await expect(verify(new UnsecuredJWT({ ...claims, aud: 'other' }).encode())).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verify(new UnsecuredJWT({ ...claims, exp: now() - 60 }).encode())).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('refuses signed tokens it cannot check rather than trusting them', async () => {
    const tokens = await tokenFactory();
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    await expect(verify(await tokens.sign('x'))).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('is refused at start when NODE_ENV is production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toThrow();
  });

  it('production needs a real webhook secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });
});

// A token with a valid signature shape but alg HS256 must not pass either.
it('refuses an HS256 token in production mode', async () => {
  const tokens = await tokenFactory();
  const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
  const hs = await new SignJWT(tokens.claims('x', 'x@e.com')).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('s'.repeat(32)));
  await expect(verify(hs)).rejects.toMatchObject({ code: 'token_invalid' });
});
