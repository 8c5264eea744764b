import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { call, startService, tokenFactory } from './testing/harness';

const REAL = { STRIPE_WEBHOOK_SECRET: 'whsec_real_endpoint_secret', CORS_ORIGINS: 'https://site.example' };

describe('local mode is explicit: NODE_ENV development or test only', () => {
  it.each(['development', 'test'])('turns the local conveniences on for NODE_ENV=%s', (NODE_ENV) => {
    const config = loadConfig({ NODE_ENV });
    expect(config).toMatchObject({ local: true, production: false, localBilling: true, stripeWebhookSecret: 'whsec_local_development_only' });
    expect(config.corsOrigins).toContain('http://localhost:3000');
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
    const start = () => loadConfig({ NODE_ENV, CORS_ORIGINS: REAL.CORS_ORIGINS });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/^STRIPE_WEBHOOK_SECRET must be set \(NODE_ENV is (unset|"\w+"); only development and test run with local defaults\)$/);
  });

  it('refuses a set FIREBASE_AUTH_EMULATOR_HOST outside local mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', ...REAL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/^FIREBASE_AUTH_EMULATOR_HOST is set/);
  });

  it('refuses a missing CORS_ORIGINS outside local mode, and names both when both are missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', STRIPE_WEBHOOK_SECRET: REAL.STRIPE_WEBHOOK_SECRET })).toThrow(/^CORS_ORIGINS must be set/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/^STRIPE_WEBHOOK_SECRET and CORS_ORIGINS must be set/);
  });

  it('refuses the public local webhook secret outside local mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', ...REAL, STRIPE_WEBHOOK_SECRET: 'whsec_local_development_only' })).toThrow(/public local value/);
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
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'staging', CORS_ORIGINS: REAL.CORS_ORIGINS },
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
