import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, isSiteOrigin, loadConfig } from './environment';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/telemetry';
import { call, DEPLOYED_ENV, startService, tokenFactory } from './testing/harness';

const REAL = { STRIPE_WEBHOOK_SECRET: 'whsec_real_endpoint_secret', CORS_ORIGINS: 'https://site.example', ...DEPLOYED_ENV };

describe('local mode is explicit: NODE_ENV development or test only', () => {
  it.each(['development', 'test'])('turns the local conveniences on for NODE_ENV=%s', (NODE_ENV) => {
    const config = loadConfig({ NODE_ENV });
    expect(config).toMatchObject({ local: true, production: false, localBilling: true, stripeWebhookSecret: 'whsec_local_development_only' });
    // Any page this machine serves (the shell, each remote alone, the bench's bundle), nothing else.
    for (const origin of ['http://localhost:3000', 'http://localhost:3003', 'http://127.0.0.1:3200']) expect(isSiteOrigin(config.corsOrigins, origin)).toBe(true);
    for (const origin of ['https://localhost:3000', 'http://localhost.evil.example', 'https://evil.example', 'http://10.0.0.2:3000'])
      expect(isSiteOrigin(config.corsOrigins, origin)).toBe(false);
    expect(isSiteOrigin(loadConfig({ NODE_ENV, CORS_ORIGINS: 'http://localhost:3000' }).corsOrigins, 'http://localhost:3001')).toBe(false);
    expect(loadConfig({ NODE_ENV, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorHost).toBe('127.0.0.1:9099');
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['staging', 'staging'],
    ['Production', 'Production'],
    ['production', 'production'],
    ['dev', 'dev'],
  ])('refuses to start with NODE_ENV %s and no STRIPE_WEBHOOK_SECRET, naming the variable', (_case, NODE_ENV) => {
    const start = () => loadConfig({ ...REAL, NODE_ENV, STRIPE_WEBHOOK_SECRET: undefined });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/^STRIPE_WEBHOOK_SECRET must be set \(NODE_ENV is (unset|"\w+"); only development and test run with local defaults\)$/);
  });

  it('refuses a set FIREBASE_AUTH_EMULATOR_HOST outside local mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', ...REAL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/^FIREBASE_AUTH_EMULATOR_HOST is set/);
  });

  it('refuses a missing CORS_ORIGINS outside local mode, and names both when both are missing', () => {
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'staging', CORS_ORIGINS: undefined })).toThrow(/^CORS_ORIGINS must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'staging', STRIPE_WEBHOOK_SECRET: undefined, CORS_ORIGINS: undefined })).toThrow(
      /^STRIPE_WEBHOOK_SECRET and CORS_ORIGINS must be set/,
    );
  });

  it('refuses the public local webhook secret outside local mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', ...REAL, STRIPE_WEBHOOK_SECRET: 'whsec_local_development_only' })).toThrow(/public local value/);
  });

  it.each(['SMTP_URL', 'MAIL_FROM', 'CONTACT_INBOX', 'PUBLIC_SITE_URL', 'MAIL_TOKEN_SECRET'] as const)(
    'refuses a missing %s outside local mode (mail is never written to a folder there)',
    (name) => {
      expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', [name]: undefined })).toThrow(new RegExp(`^${name} must be set`));
      expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', [name]: '' })).toThrow(ConfigError);
    },
  );

  it('refuses a missing, short or public local ADDRESS_HASH_SECRET outside local mode (the keyed hashes of client addresses)', () => {
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', ADDRESS_HASH_SECRET: undefined })).toThrow(/^ADDRESS_HASH_SECRET must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', ADDRESS_HASH_SECRET: '' })).toThrow(/^ADDRESS_HASH_SECRET must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', ADDRESS_HASH_SECRET: 'short' })).toThrow(/ADDRESS_HASH_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', ADDRESS_HASH_SECRET: 'local-development-only-address-hash-secret' })).toThrow(
      /ADDRESS_HASH_SECRET is the public local value/,
    );
    expect(loadConfig({ ...REAL, NODE_ENV: 'production' }).addressHashSecret).toBe(REAL.ADDRESS_HASH_SECRET);
  });

  it("refuses a missing, short or public local VIEW_TOKEN_SECRET outside local mode (the health figures' tokens)", () => {
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', VIEW_TOKEN_SECRET: undefined })).toThrow(/^VIEW_TOKEN_SECRET must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', VIEW_TOKEN_SECRET: '' })).toThrow(/^VIEW_TOKEN_SECRET must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', VIEW_TOKEN_SECRET: 'short' })).toThrow(/VIEW_TOKEN_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', VIEW_TOKEN_SECRET: LOCAL_VIEW_TOKEN_SECRET })).toThrow(/VIEW_TOKEN_SECRET is the public local value/);
    expect(loadConfig({ ...REAL, NODE_ENV: 'production' }).viewTokenSecret).toBe(REAL.VIEW_TOKEN_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).viewTokenSecret).toBe(LOCAL_VIEW_TOKEN_SECRET);
  });

  it('names every missing mail variable at once, and refuses the public local link secret', () => {
    const { SMTP_URL, CONTACT_INBOX, PUBLIC_SITE_URL, ...rest } = REAL;
    expect(() => loadConfig({ ...rest, NODE_ENV: 'production' })).toThrow(/^SMTP_URL, CONTACT_INBOX and PUBLIC_SITE_URL must be set/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', MAIL_TOKEN_SECRET: 'local-development-only-newsletter-link-secret' })).toThrow(
      /MAIL_TOKEN_SECRET is the public local value/,
    );
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must start with smtp/);
    expect(() => loadConfig({ ...REAL, NODE_ENV: 'production', CONTACT_INBOX: 'team' })).toThrow(/CONTACT_INBOX must be an email address/);
  });

  it('sends through SMTP_URL outside local mode, and writes to the outbox folder only in local mode without it', () => {
    expect(loadConfig({ ...REAL, NODE_ENV: 'production' }).mail).toMatchObject({
      transport: { kind: 'smtp', url: REAL.SMTP_URL },
      contactInbox: REAL.CONTACT_INBOX,
      publicSiteUrl: 'https://site.example',
    });
    expect(loadConfig({ NODE_ENV: 'development', MAIL_OUTBOX_DIR: '/tmp/outbox' }).mail.transport).toEqual({ kind: 'outbox', dir: '/tmp/outbox' });
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://localhost:1025' }).mail.transport).toEqual({ kind: 'smtp', url: 'smtp://localhost:1025' });
  });

  it('with every variable set outside local mode: no local billing, the given secret and origins only', () => {
    const config = loadConfig({ NODE_ENV: 'staging', ...REAL });
    expect(config).toMatchObject({ local: false, production: true, localBilling: false, stripeWebhookSecret: REAL.STRIPE_WEBHOOK_SECRET, authEmulatorHost: undefined });
    expect(config.corsOrigins).toEqual(['https://site.example']);
  });

  it('gives nobody a free plan through local billing outside local mode, even without a Stripe key', async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, { NODE_ENV: 'staging', ...REAL });
    try {
      const response = await call(app, '/local-billing/checkout', { token: await tokens.sign('free-rider'), body: { plan: 'full' } });
      expect(response.status).toBe(404);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM subscriptions');
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  });

  it('server.ts refuses to start with NODE_ENV=staging and no secrets: one line naming the variable, a non-zero exit', async () => {
    const serviceDir = join(__dirname, '..');
    const child = spawn(join(serviceDir, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
      cwd: serviceDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'staging', CORS_ORIGINS: REAL.CORS_ORIGINS, ...DEPLOYED_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);

    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^service-user refuses to start: STRIPE_WEBHOOK_SECRET must be set \(NODE_ENV is "staging"/);
  });
});

describe('TRUST_PROXY: the number of proxies in front of the service', () => {
  it.each([
    [undefined, 0],
    ['0', 0],
    ['2', 2],
    ['false', 0],
    ['true', 1],
  ])('reads %s as %i', (TRUST_PROXY, expected) => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY }).trustProxy).toBe(expected);
  });

  it.each(['yes', '-1', '1.5'])('refuses %s at start', (TRUST_PROXY) => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY })).toThrow(/^invalid configuration: TRUST_PROXY/);
  });
});
