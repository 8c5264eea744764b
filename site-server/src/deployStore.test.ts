import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remotesDocument, SERVER_BUILD_KEY_HEADER, serverBuildsKey } from './runtimeConfig';
import { deployStoreApp } from './siteServers';

let store: string;
const doc = {
  mfe_marketing: { manifest: 'http://localhost:3004/mfe-marketing/1.0.0-aaaaaaaaaaaa/mf-manifest.json' },
  mfe_auth: { manifest: 'http://localhost:3004/mfe-auth/1.0.0-bbbbbbbbbbbb/mf-manifest.json' },
  mfe_account: { manifest: 'http://localhost:3004/mfe-account/1.0.0-cccccccccccc/mf-manifest.json' },
};
beforeEach(() => {
  store = mkdtempSync(join(tmpdir(), 'deploy-store-'));
  mkdirSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'server'), { recursive: true });
  writeFileSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'mf-manifest.json'), '{}');
  writeFileSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'server', 'render.6199ff1963ea.js'), 'exports.render = 1;');
  writeFileSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'index.html'), '<!doctype html><title>mfe-auth standalone</title>');
  writeFileSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'remoteEntry.js.map'), '{"sources":["secret.ts"]}');
  writeFileSync(join(store, 'history.jsonl'), '{"who":"ana"}\n');
});
afterEach(() => rmSync(store, { recursive: true, force: true }));

it("takes the deployment store's remotes document once a release wrote one, unless REMOTES_DOCUMENT names another", () => {
  const local = { NODE_ENV: 'test', DEPLOY_DIR: store };
  expect(remotesDocument(local).mfe_auth.manifest).toBe('http://localhost:3002/mf-manifest.json');
  writeFileSync(join(store, 'remotes.json'), JSON.stringify(doc));
  expect(remotesDocument(local)).toEqual(doc);
  expect(remotesDocument(local, { deployStore: false }).mfe_auth.manifest).toBe('http://localhost:3002/mf-manifest.json');
  const other = join(store, 'other.json');
  writeFileSync(other, JSON.stringify({ ...doc, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/2/mf-manifest.json' } }));
  expect(remotesDocument({ ...local, REMOTES_DOCUMENT: other }).mfe_auth.manifest).toBe('https://cdn.example/mfe-auth/2/mf-manifest.json');
});

describe('outside local mode, a remotes document', () => {
  const deployed = { NODE_ENV: 'production', DEPLOY_DIR: '', DEPLOY_BASE_URL: 'https://cdn.vedere.example/store' };
  const written = (content: unknown) => {
    const file = join(store, 'document.json');
    writeFileSync(file, JSON.stringify(content));
    return { ...deployed, REMOTES_DOCUMENT: file };
  };
  const onStore = Object.fromEntries(
    Object.entries(doc).map(([name, { manifest }]) => [name, { manifest: manifest.replace('http://localhost:3004', 'https://cdn.vedere.example/store') }]),
  );

  it("is taken with its manifests on the store's origin, or on the origins REMOTE_ORIGINS lists", () => {
    expect(remotesDocument(written(onStore))).toEqual(onStore);
    expect(remotesDocument({ ...written(doc), REMOTE_ORIGINS: 'http://localhost:3004, https://other.example' })).toEqual(doc);
  });

  it.each([
    [
      'relative manifests (a request with Host: attacker:3999 would have chosen the code run)',
      { ...onStore, mfe_auth: { manifest: '/mfe-auth/1.0.0-bbbbbbbbbbbb/mf-manifest.json' } },
    ],
    ['a manifest on an origin nobody configured', { ...onStore, mfe_auth: { manifest: 'http://attacker:3999/mf-manifest.json' } }],
  ])('is refused with %s', (_case, content) => {
    expect(() => remotesDocument(written(content))).toThrow(/manifest/);
  });

  it('is refused with a REMOTE_ORIGINS entry that is not an origin', () => {
    expect(() => remotesDocument({ ...written(onStore), REMOTE_ORIGINS: 'cdn.vedere.example' })).toThrow(/REMOTE_ORIGINS must list absolute http\(s\) origins/);
  });
});

it('serves the store as a CDN would: versions cached by name, open to other origins, its history private', async () => {
  writeFileSync(join(store, 'remotes.json'), JSON.stringify(doc));
  const app = deployStoreApp(store);
  const manifest = await app.request('/mfe-auth/1.0.0-bbbbbbbbbbbb/mf-manifest.json', { headers: { Origin: 'http://localhost:3000' } });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('Cache-Control')).toBe('no-cache');
  expect(manifest.headers.get('Access-Control-Allow-Origin')).toBe('*');
  expect((await app.request('/remotes.json')).status).toBe(200);
  expect((await app.request('/history.jsonl')).status).toBe(404);
  expect((await app.request('/mfe-auth/.incoming-123/mf-manifest.json')).status).toBe(404);
});

it("gives a version's render entry to the site's server alone (its key), and no standalone page, source map or error across origins", async () => {
  const app = deployStoreApp(store);
  const renderEntry = '/mfe-auth/1.0.0-bbbbbbbbbbbb/server/render.6199ff1963ea.js';
  const withKey = await app.request(renderEntry, { headers: { [SERVER_BUILD_KEY_HEADER]: serverBuildsKey() } });
  expect(withKey.status).toBe(200);
  expect(await withKey.text()).toBe('exports.render = 1;');
  expect(withKey.headers.get('Access-Control-Allow-Origin')).toBeNull();
  for (const headers of [{}, { [SERVER_BUILD_KEY_HEADER]: 'a guess' }, { [SERVER_BUILD_KEY_HEADER]: `${serverBuildsKey()}x` }] as Record<string, string>[]) {
    const refused = await app.request(renderEntry, { headers: { ...headers, Origin: 'http://localhost:3000' } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
  }
  for (const path of ['/mfe-auth/1.0.0-bbbbbbbbbbbb/index.html', '/mfe-auth/1.0.0-bbbbbbbbbbbb/', '/mfe-auth/1.0.0-bbbbbbbbbbbb/remoteEntry.js.map']) {
    expect((await app.request(path)).status).toBe(404);
  }
});

it('serves a store that was empty when the server started, once a first release writes it (no restart)', async () => {
  const later = join(store, 'not-yet');
  mkdirSync(later); // as serve.ts makes it
  const app = deployStoreApp(later);
  expect((await app.request('/remotes.json')).status).toBe(404);
  mkdirSync(join(later, 'mfe-auth', '1.0.0-bbbbbbbbbbbb'), { recursive: true });
  writeFileSync(join(later, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'mf-manifest.json'), '{"id":"mfe_auth"}');
  writeFileSync(join(later, 'remotes.json'), JSON.stringify(doc));
  expect(await (await app.request('/remotes.json')).json()).toEqual(doc);
  expect(await (await app.request('/mfe-auth/1.0.0-bbbbbbbbbbbb/mf-manifest.json')).json()).toEqual({ id: 'mfe_auth' });
});
