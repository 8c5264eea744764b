import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remotesDocument } from './runtimeConfig';
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
  writeFileSync(join(store, 'mfe-auth', '1.0.0-bbbbbbbbbbbb', 'server', 'render.6199ff1963ea.js'), '');
  writeFileSync(join(store, 'history.jsonl'), '{"who":"ana"}\n');
});
afterEach(() => rmSync(store, { recursive: true, force: true }));

it("takes the deployment store's remotes document once a release wrote one, unless REMOTES_DOCUMENT names another", () => {
  expect(remotesDocument({ DEPLOY_DIR: store }).mfe_auth.manifest).toBe('http://localhost:3002/mf-manifest.json');
  writeFileSync(join(store, 'remotes.json'), JSON.stringify(doc));
  expect(remotesDocument({ DEPLOY_DIR: store })).toEqual(doc);
  expect(remotesDocument({ DEPLOY_DIR: store }, { deployStore: false }).mfe_auth.manifest).toBe('http://localhost:3002/mf-manifest.json');
  const other = join(store, 'other.json');
  writeFileSync(other, JSON.stringify({ ...doc, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/2/mf-manifest.json' } }));
  expect(remotesDocument({ DEPLOY_DIR: store, REMOTES_DOCUMENT: other }).mfe_auth.manifest).toBe('https://cdn.example/mfe-auth/2/mf-manifest.json');
});

it('serves the store as a CDN would: versions cached by name, open to other origins, its history private', async () => {
  writeFileSync(join(store, 'remotes.json'), JSON.stringify(doc));
  const app = deployStoreApp(store);
  const manifest = await app.request('/mfe-auth/1.0.0-bbbbbbbbbbbb/mf-manifest.json', { headers: { Origin: 'http://localhost:3000' } });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('Cache-Control')).toBe('no-cache');
  expect(manifest.headers.get('Access-Control-Allow-Origin')).toBe('*');
  const render = await app.request('/mfe-auth/1.0.0-bbbbbbbbbbbb/server/render.6199ff1963ea.js');
  expect(render.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  expect((await app.request('/remotes.json')).status).toBe(200);
  expect((await app.request('/history.jsonl')).status).toBe(404);
  expect((await app.request('/mfe-auth/.incoming-123/mf-manifest.json')).status).toBe(404);
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
