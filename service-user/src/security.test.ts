import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { request as httpRequest, Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './environment';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { listenGracefully } from './http/listen';
import { createTokenVerifier, IdentityUnavailableError } from './identity/verifyIdToken';
import { createService } from './service';
import {
  backends,
  call,
  DEPLOYED_ENV,
  freshDatabase,
  request,
  ISSUER,
  PROJECT_ID,
  startService,
  testConfig,
  tokenFactory,
  type TestApp,
  type TestResponse,
  type Tokens,
} from './testing/harness';

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
      ['no exp', { exp: undefined }],
      ['no iat', { iat: undefined }],
      ['an iat in the future', { iat: now() + 600, exp: now() + 1200 }],
      ['a lifetime over one hour (exp − iat)', { iat: now() - 60, exp: now() + 3600 }],
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

    it("allows the site's origins only, with Authorization and Content-Type", async () => {
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
  it("accepts the emulator's unsigned tokens, still checking issuer, audience and expiry", async () => {
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    const claims = { iss: ISSUER, aud: PROJECT_ID, sub: 'emu-uid', email: 'emu@example.com', auth_time: now() - 10, iat: now() - 10, exp: now() - 10 + 3600 };
    await expect(verify(new UnsecuredJWT(claims).encode())).resolves.toEqual({ uid: 'emu-uid', email: 'emu@example.com', emailVerified: false, authTime: claims.auth_time });
    await expect(verify(new UnsecuredJWT({ ...claims, aud: 'other' }).encode())).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verify(new UnsecuredJWT({ ...claims, iat: now() - 3700, exp: now() - 100 }).encode())).rejects.toMatchObject({ code: 'token_expired' });
    await expect(verify(new UnsecuredJWT({ ...claims, exp: now() + 7200 }).encode())).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('refuses signed tokens it cannot check rather than trusting them', async () => {
    const tokens = await tokenFactory();
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: true });
    await expect(verify(await tokens.sign('x'))).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('is refused at start when NODE_ENV is production', () => {
    const production = { NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x', CORS_ORIGINS: 'https://site.example', ...DEPLOYED_ENV };
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(ConfigError);
    expect(() => loadConfig(production)).not.toThrow();
  });

  it('production needs a real webhook secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CORS_ORIGINS: 'https://site.example', ...DEPLOYED_ENV })).toThrow(ConfigError);
  });
});

// A token with a valid signature shape but alg HS256 must not pass either.
it('refuses an HS256 token in production mode', async () => {
  const tokens = await tokenFactory();
  const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
  const hs = await new SignJWT(tokens.claims('x', 'x@e.com')).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('s'.repeat(32)));
  await expect(verify(hs)).rejects.toMatchObject({ code: 'token_invalid' });
});

describe.each(backends)('text fields on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  const contact = { firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: 'Demo', message: 'Bună ziua.' };

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens));
  });
  afterAll(() => db.close());

  const stored = async () => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM contact_messages)::int + (SELECT count(*) FROM newsletter_subscriptions)::int + (SELECT count(*) FROM devices)::int AS n',
    );
    return rows[0]!.n;
  };

  it.each([
    ['/contact', 'firstname', { ...contact, firstname: 'A\u0000na' }],
    ['/contact', 'lastname', { ...contact, lastname: 'Pop\u0000' }],
    ['/contact', 'email', { ...contact, email: 'ana\u0000@example.com' }],
    ['/contact', 'subject', { ...contact, subject: '\u0000' }],
    ['/contact', 'message', { ...contact, message: 'Bună\u0000 ziua.' }],
    ['/newsletter', 'email', { email: 'reader\u0000@example.com' }],
    ['/link-device', 'deviceId', { deviceId: 'phone\u0000', deviceName: 'Pixel' }],
    ['/link-device', 'deviceName', { deviceId: 'phone-nul', deviceName: 'Pi\u0000xel' }],
  ])('refuses a NUL byte in %s %s with a 400 naming the field, and stores nothing', async (path, field, body) => {
    const before = await stored();
    const response = await call(app, path, { body, token: await tokens.sign('nul-uid') });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_body');
    expect(error.message).toBe(`Invalid or missing fields: ${field}.`);
    expect(await stored()).toBe(before);
  });
});

describe.each(backends)("a verified token's claims are input too, on %s", (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db } = await startService(backend, tokens));
  });
  afterAll(() => db.close());

  // Every call that reads the token's user, with a body it would accept.
  const signedInCalls: [path: string, body?: unknown][] = [
    ['/register-user'],
    ['/get-user-info'],
    ['/get-subscription-info'],
    ['/get-device-info'],
    ['/reset-linked-device'],
    ['/link-device', { deviceId: 'claims-phone', deviceName: 'Pixel' }],
    ['/export-account-data'],
    ['/delete-account', { confirm: true }],
    ['/local-billing/checkout', { plan: 'trial' }],
    ['/local-billing/portal'],
    ['/local-billing/portal/update', { action: 'cancel', subscription: 'sub_x' }],
  ];

  it.each([
    ['user id (sub)', 'a NUL character', (uid: string) => tokens.sign(`${uid}\u0000`)],
    ['user id (sub)', 'half of a UTF-16 surrogate pair', (uid: string) => tokens.sign(`${uid}\ud800`)],
    ['email', 'a NUL character', (uid: string) => tokens.sign(uid, `${uid}\u0000@example.com`)],
    ['email', 'half of a UTF-16 surrogate pair', (uid: string) => tokens.sign(uid, `${uid}\udc00@example.com`)],
    ['name', 'a NUL character', (uid: string) => tokens.sign(uid, `${uid}@example.com`, { name: 'Ana\u0000' })],
    ['name', 'half of a UTF-16 surrogate pair', (uid: string) => tokens.sign(uid, `${uid}@example.com`, { name: '\ud83dAna' })],
  ])('refuses a signed token whose %s holds %s with 401 and the reason, on every signed-in call, storing nothing', async (claim, what, sign) => {
    const token = await sign(`claims-${claim.length}-${what.length}`);
    for (const [path, body] of signedInCalls) {
      const response = await call(app, path, { token, body });
      expect([path, response.status]).toEqual([path, 401]);
      expect((await response.json()).error).toEqual({ code: 'token_claims_unusable', message: `The sign-in token cannot be used: its ${claim} holds ${what}.` });
    }
    const { rows } = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM users)::int + (SELECT count(*) FROM devices)::int AS n');
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts claims that are merely unusual: emoji, accents, right-to-left text', async () => {
    const token = await tokens.sign('claims-ok', 'ana@example.com', { name: 'Ana 🦯 Pârvu \u05e9\u05dc\u05d5\u05dd' });
    expect((await call(app, '/register-user', { token })).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('behind one proxy, limits the client by the entry the proxy appended, whatever the client wrote before it', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, { TRUST_PROXY: '1', PUBLIC_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const forged = `10.0.0.${i}, 192.0.2.${i}`;
        const response = await call(app, '/newsletter', { body: { email: `p${i}@example.com` }, headers: { 'X-Forwarded-For': `${forged}, 203.0.113.7` } });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      const other = await call(app, '/newsletter', { body: { email: 'other@example.com' }, headers: { 'X-Forwarded-For': '203.0.113.8' } });
      expect(other.status).toBe(202);
    } finally {
      await db.close();
    }
  });

  it('behind two proxies, reads the entry second from the right', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, { TRUST_PROXY: '2', PUBLIC_RATE_LIMIT: '1' });
    try {
      const send = (xff: string) => call(app, '/newsletter', { body: { email: 'two@example.com' }, headers: { 'X-Forwarded-For': xff } });
      expect((await send('1.1.1.1, 198.51.100.1, 10.0.0.1')).status).toBe(202);
      expect((await send('2.2.2.2, 198.51.100.1, 10.0.0.2')).status).toBe(429);
      expect((await send('2.2.2.2, 198.51.100.2, 10.0.0.1')).status).toBe(202);
    } finally {
      await db.close();
    }
  });
});

describe("when Google's key set cannot be fetched", () => {
  let keyServer: Server;
  let answer: (res: import('node:http').ServerResponse) => void;
  let keysUrl: string;

  beforeAll(async () => {
    keyServer = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    keysUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/keys`;
  });
  afterAll(() => new Promise((resolve) => keyServer.close(resolve)));

  const quietly = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

  it('answers 503 identity_unavailable (not a 401 that ends the session), and logs why', async () => {
    answer = (res) => res.writeHead(500).end('down');
    const logged = quietly();
    const tokens = await tokenFactory();
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, jwksUrl: keysUrl });
    const db = await freshDatabase('pglite');
    try {
      const { app } = await createService(testConfig(), { db, verifyToken });
      const response = await call(app, '/get-user-info', { token: await tokens.sign('outage-uid') });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('identity_unavailable');
      expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(keysUrl), expect.anything());
    } finally {
      logged.mockRestore();
      await db.close();
    }
  });

  it("is unavailable too when nothing answers at the key set's address", async () => {
    const logged = quietly();
    const tokens = await tokenFactory();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, jwksUrl: `http://127.0.0.1:${port}/keys` });
    await expect(verify(await tokens.sign('outage-uid'))).rejects.toBeInstanceOf(IdentityUnavailableError);
    logged.mockRestore();
  });

  it('answers an empty key set 503 identity_unavailable, and serves the next request once the keys are back', async () => {
    const logged = quietly();
    const tokens = await tokenFactory();
    const jwk = { ...(await exportJWK(await tokens.publicKey())), kid: 'test-key', alg: 'RS256', use: 'sig' };
    answer = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [] }));
    const db = await freshDatabase('pglite');
    try {
      const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, jwksUrl: keysUrl });
      const { app } = await createService(testConfig(), { db, verifyToken });
      const token = await tokens.sign('empty-keys-uid');
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await call(app, '/get-user-info', { token });
        expect(response.status).toBe(503);
        expect((await response.json()).error.code).toBe('identity_unavailable');
      }
      answer = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      expect((await call(app, '/get-user-info', { token })).status).toBe(200);
    } finally {
      logged.mockRestore();
      await db.close();
    }
  });

  it('still refuses with 401 a token whose key is not in a key set that was fetched', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'another-key', alg: 'RS256', use: 'sig' };
    answer = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    const tokens = await tokenFactory();
    const verify = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, jwksUrl: keysUrl });
    await expect(verify(await tokens.sign('x'))).rejects.toMatchObject({ code: 'token_invalid' });
  });
});

describe('an oversized body over a real keep-alive connection', () => {
  it("answers 413 with Connection: close, so the client's next request goes on a new connection and succeeds", async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, { BODY_LIMIT_BYTES: '1024' });
    const server = await listenGracefully(app, { port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: server.port, path: '/newsletter', method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const oversized = await post(JSON.stringify({ email: `${'x'.repeat(4096)}@example.com` }));
      expect(oversized.status).toBe(413);
      expect(oversized.connection).toBe('close');
      const next = await post(JSON.stringify({ email: 'after@example.com' }));
      expect(next.status).toBe(202);
    } finally {
      agent.destroy();
      await server.close();
      await db.close();
    }
  });
});
