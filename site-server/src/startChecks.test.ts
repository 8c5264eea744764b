// What the servers refuse at the start, and the pins they drop (issue #60's smaller items).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewSecret, signPreviewPin, verifyPreviewPin } from './previewPins';
import { configuredSecret } from './runtimeConfig';
import { shellApp } from './siteServers';

const SECRET = 'a-preview-secret-of-at-least-32-characters';

describe('a secret blank after trimming', () => {
  const blank = ' '.repeat(32);
  const padded = ` ${'x'.repeat(20)}${' '.repeat(20)}`;
  it.each([blank, padded, '\t'.repeat(40)])('is refused like a short one (%j)', (value) => {
    expect(() => configuredSecret({ NODE_ENV: 'production', VIEW_TOKEN_SECRET: value }, 'VIEW_TOKEN_SECRET', 'local')).toThrow(/at least 32 characters/);
    expect(() => previewSecret({ NODE_ENV: 'production', PREVIEW_SECRET: value })).toThrow(/at least 32 characters/);
  });

  it('is not confused with a long one that has spaces inside', () => {
    const spaced = 'a secret of words that is longer than thirty-two';
    expect(configuredSecret({ NODE_ENV: 'production', VIEW_TOKEN_SECRET: spaced }, 'VIEW_TOKEN_SECRET', 'local')).toBe(spaced);
    expect(previewSecret({ NODE_ENV: 'production', PREVIEW_SECRET: spaced })).toBe(spaced);
  });
});

describe("a preview pin whose manifest is not the named remote's", () => {
  const policy = { origins: ['https://cdn.example'] };
  const pin = { remote: 'mfe_auth' as const, version: '1.1.0-bbbbbbbbbbbb', manifest: 'https://cdn.example/mfe-auth/1.1.0-bbbbbbbbbbbb/mf-manifest.json' };

  it.each([
    ['the marketing manifest', 'https://cdn.example/mfe-marketing/1.1.0-bbbbbbbbbbbb/mf-manifest.json'],
    ['another version of its own', 'https://cdn.example/mfe-auth/1.0.0-aaaaaaaaaaaa/mf-manifest.json'],
    ['a file that is no manifest', 'https://cdn.example/mfe-auth/1.1.0-bbbbbbbbbbbb/remoteEntry.js'],
  ])('is dropped: %s', async (_case, manifest) => {
    const { token } = await signPreviewPin(SECRET, { ...pin, manifest });
    await expect(verifyPreviewPin(SECRET, token, { policy })).resolves.toBeNull();
  });

  it("is dropped in local mode too: another remote's port", async () => {
    const { token } = await signPreviewPin(SECRET, { remote: 'mfe_auth', version: 'local', manifest: 'http://localhost:3001/mf-manifest.json' });
    await expect(verifyPreviewPin(SECRET, token)).resolves.toBeNull();
  });

  it("is honoured when it is the remote's own", async () => {
    const { token } = await signPreviewPin(SECRET, pin);
    await expect(verifyPreviewPin(SECRET, token, { policy })).resolves.toMatchObject(pin);
  });
});

describe("the site's server started with a remotes document that does not validate", () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'start-checks-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('does not start, and names why', () => {
    const start = () =>
      shellApp({ remotes: () => ({ mfe_marketing: { manifest: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json' } }), dist, prerender: false, readsServiceUrl: null });
    expect(start).toThrow(/does not start: the remotes document is not valid \(.*mfe_auth has no manifest URL/);
  });

  it('starts with a good one', async () => {
    const good = {
      mfe_marketing: { manifest: 'http://localhost:3001/mf-manifest.json' },
      mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
      mfe_account: { manifest: 'http://localhost:3003/mf-manifest.json' },
    };
    const app = shellApp({ remotes: () => good, dist, prerender: false, preloadHints: false, readsServiceUrl: null });
    expect((await app.request('/remotes.json')).status).toBe(200);
  });
});
