import fs, { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { documentPath, readDocument } from './document';
import { fakeSite, recorded, type FakeSite } from './fixtures/fakeSite';
import { historyPath, readHistory } from './history';
import { canary, history, init, preview, promote, publish, Refused, rollback, status } from './release';
import { LOCAL_PREVIEW_SECRET, verifyPreviewPin } from '@site/site-server/preview-pins';
import { sriSha256 } from '@site/rendering/integrity';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { integrityOfBuild, publishedVersions, versionDir } from './store';

let site: FakeSite;
beforeEach(() => {
  site = fakeSite();
});
afterEach(() => {
  jest.restoreAllMocks();
  site.remove();
});

const documentBytes = () => readFileSync(documentPath(site.ctx.store));

/** Publishes a changed build of mfe_account and returns its version. */
const publishAccount = async (content: string) =>
  (await publish(site.ctx, 'mfe-account', { from: site.build('mfe_account', { content, dir: join(site.root, `account-${content}`) }) })).version;

describe('publish', () => {
  it('copies a build into <remote>/<version>/, the version being the package version and a content hash', async () => {
    const published = await publish(site.ctx, 'mfe-account');
    expect(published.version).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    expect(published.manifest).toBe(`http://cdn.test/mfe-account/${published.version}/mf-manifest.json`);
    expect(published.copied).toBe(true);
    const stored = versionDir(site.ctx.store, 'mfe_account', published.version);
    expect(readdirSync(stored).sort()).toEqual(['291.082c61aebe21.js', 'mf-manifest.json', 'remoteEntry.js', 'server']);
    expect(readDocument(site.ctx.store)).toBeNull(); // what visitors get is not changed
  });

  it('gives the same build the same version and never overwrites it', async () => {
    const first = await publish(site.ctx, 'mfe_account');
    const file = join(versionDir(site.ctx.store, 'mfe_account', first.version), 'remoteEntry.js');
    const before = statSync(file);
    const again = await publish(site.ctx, 'mfe_account');
    expect(again).toMatchObject({ version: first.version, copied: false });
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(file).ino).toBe(before.ino);
    expect((await history(site.ctx)).filter((entry) => entry.verb === 'publish')).toHaveLength(1);
  });

  it('gives a build with other content a new version, beside the first', async () => {
    const first = await publishAccount('v1');
    const second = await publishAccount('v2');
    expect(second).not.toBe(first);
    expect(publishedVersions(site.ctx.store, 'mfe_account').sort()).toEqual([first, second].sort());
  });

  it("records the sha256 of the version's manifest and entries, which the document then carries", async () => {
    const published = await publish(site.ctx, 'mfe-account');
    const stored = versionDir(site.ctx.store, 'mfe_account', published.version);
    const recordedIntegrity = JSON.parse(readFileSync(`${stored}.integrity.json`, 'utf8'));
    expect(recordedIntegrity).toEqual({
      'mf-manifest.json': sriSha256(readFileSync(join(stored, 'mf-manifest.json'))),
      'remoteEntry.js': sriSha256(readFileSync(join(stored, 'remoteEntry.js'))),
    });
    await init(site.ctx);
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual({ manifest: published.manifest, integrity: recordedIntegrity });
  });

  it('records it for a version published before integrity was recorded, from a build that is that version', async () => {
    const first = await publish(site.ctx, 'mfe-account');
    const file = `${versionDir(site.ctx.store, 'mfe_account', first.version)}.integrity.json`;
    const before = readFileSync(file, 'utf8');
    rmSync(file);
    expect(await publish(site.ctx, 'mfe-account')).toMatchObject({ version: first.version, copied: false });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('names the render entry a manifest names among the files it records', () => {
    const dist = join(site.root, 'with-render-entry');
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(
      join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ssrRemoteEntry: { name: 'render.0123456789ab.js', path: 'server' } } }),
    );
    writeFileSync(join(dist, 'remoteEntry.js'), 'var entry;');
    writeFileSync(join(dist, 'server', 'render.0123456789ab.js'), 'exports.render = 1;');
    expect(integrityOfBuild(dist)).toEqual({
      'mf-manifest.json': sriSha256(readFileSync(join(dist, 'mf-manifest.json'))),
      'remoteEntry.js': sriSha256('var entry;'),
      'server/render.0123456789ab.js': sriSha256('exports.render = 1;'),
    });
  });

  it('refuses a build that does not fit the shell, and copies nothing', async () => {
    const from = site.build('mfe_account', { changes: { shared: { react: { requiredVersion: '^20.0.0' } } } });
    const refusal = publish(site.ctx, 'mfe_account', { from });
    await expect(refusal).rejects.toBeInstanceOf(Refused);
    await expect(refusal).rejects.toMatchObject({ problems: expect.arrayContaining(['react: candidate requires ^20.0.0, shell provides 19.3.1']) });
    expect(publishedVersions(site.ctx.store, 'mfe_account')).toEqual([]);
    expect(existsSync(historyPath(site.ctx.store))).toBe(false);
  });
});

describe('init', () => {
  it("makes the first release from every remote's build, all stable, and only once", async () => {
    const { document, versions } = await init(site.ctx, { reason: 'first release' });
    expect(readDocument(site.ctx.store)).toEqual(document);
    expect(document.mfe_auth).toEqual(recorded(`http://cdn.test/mfe-auth/${versions.mfe_auth}/mf-manifest.json`));
    expect((await status(site.ctx))!.map((remote) => remote.canary)).toEqual([null, null, null]);
    await expect(init(site.ctx)).rejects.toThrow(/already has a remotes document/);
  });

  it('is required before a canary', async () => {
    const version = await publishAccount('v2');
    await expect(canary(site.ctx, 'mfe_account', version, '10')).rejects.toThrow(/run pnpm release init first/);
  });
});

describe('changing the remotes document', () => {
  beforeEach(async () => {
    await init(site.ctx);
  });

  it('puts a version in a canary, promotes it, and rolls back two releases', async () => {
    const v1 = readDocument(site.ctx.store)!.mfe_account.manifest.split('/')[4]!;
    const v2 = await publishAccount('v2');
    const v3 = await publishAccount('v3');

    await canary(site.ctx, 'mfe_account', v2, '50', { reason: 'new heading' });
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual({
      ...recorded(`http://cdn.test/mfe-account/${v1}/mf-manifest.json`),
      canary: { ...recorded(`http://cdn.test/mfe-account/${v2}/mf-manifest.json`), percentage: 50 },
    });
    await promote(site.ctx, 'mfe_account');
    await canary(site.ctx, 'mfe_account', v3.slice(0, 12), '10'); // a prefix only one version has
    await promote(site.ctx, 'mfe_account');
    expect((await status(site.ctx))![2]).toMatchObject({ stable: { version: v3 }, canary: null, health: { measured: false } });

    const back = await rollback(site.ctx, 'mfe_account', v1, { reason: 'v2 and v3 break the pricing page' });
    expect(back).toMatchObject({ from: v3, to: v1 });
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual(recorded(`http://cdn.test/mfe-account/${v1}/mf-manifest.json`));
    // The other remotes stay as they were.
    expect(readDocument(site.ctx.store)!.mfe_auth.manifest).toMatch(/\/mfe-auth\//);
  });

  it('refuses a canary, and a promotion, of a version whose stored files are no longer the ones published, naming the file; nothing changes', async () => {
    const v2 = await publishAccount('v2');
    const entry = Object.keys(integrityOfBuild(versionDir(site.ctx.store, 'mfe_account', v2))).find((file) => file !== 'mf-manifest.json')!;
    const stored = join(versionDir(site.ctx.store, 'mfe_account', v2), entry);
    const original = readFileSync(stored);
    writeFileSync(stored, `${original.toString('utf8')}\n// changed in the store`);
    const before = documentBytes();
    await expect(canary(site.ctx, 'mfe_account', v2, '10')).rejects.toThrow(`mfe_account ${v2}: ${entry} in the store is not the file published`);
    rmSync(stored);
    await expect(canary(site.ctx, 'mfe_account', v2, '10')).rejects.toThrow(`mfe_account ${v2}: ${entry} is missing from the store`);
    expect(documentBytes()).toEqual(before);

    // Put back: the canary goes in; changed again while it runs, its promotion is refused.
    writeFileSync(stored, original);
    await canary(site.ctx, 'mfe_account', v2, '10');
    writeFileSync(join(versionDir(site.ctx.store, 'mfe_account', v2), 'mf-manifest.json'), '{}');
    const inCanary = documentBytes();
    await expect(promote(site.ctx, 'mfe_account')).rejects.toThrow(`mfe_account ${v2}: mf-manifest.json in the store is not the file published`);
    expect(documentBytes()).toEqual(inCanary);
  });

  it('rolls back to the previous stable by default, then further back', async () => {
    const v1 = readDocument(site.ctx.store)!.mfe_account.manifest.split('/')[4]!;
    const v2 = await publishAccount('v2');
    const v3 = await publishAccount('v3');
    for (const version of [v2, v3]) {
      await canary(site.ctx, 'mfe_account', version, '20');
      await promote(site.ctx, 'mfe_account');
    }

    expect(await rollback(site.ctx, 'mfe_account')).toMatchObject({ from: v3, to: v2, removedCanary: null });
    expect(await rollback(site.ctx, 'mfe_account')).toMatchObject({ from: v2, to: v1 });
    await expect(rollback(site.ctx, 'mfe_account')).rejects.toThrow(/the history has no stable version of mfe_account before/);
  });

  it('aborts a canary when told no version: the canary removed, the stable version kept (a first release too), recorded in the history', async () => {
    // The first release: nothing stable before the one in force.
    const stable = readDocument(site.ctx.store)!.mfe_account.manifest;
    const v1 = stable.split('/')[4]!;
    const v2 = await publishAccount('v2');
    await canary(site.ctx, 'mfe_account', v2, '10');
    expect(await rollback(site.ctx, 'mfe_account', undefined, { reason: 'wrong heading' })).toMatchObject({ from: v1, to: v1, removedCanary: v2 });
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual(recorded(stable));
    expect((await history(site.ctx, 'mfe_account')).at(-1)).toMatchObject({ verb: 'rollback', from: v1, to: v1, removedCanary: v2, reason: 'wrong heading' });
    // With no canary left, no version: back before the first release, which there is not.
    await expect(rollback(site.ctx, 'mfe_account')).rejects.toThrow(/the history has no stable version of mfe_account before/);
  });

  it('removes only the canary when rolled back to the stable version', async () => {
    const stable = readDocument(site.ctx.store)!.mfe_account.manifest;
    await canary(site.ctx, 'mfe_account', await publishAccount('v2'), '30');
    await rollback(site.ctx, 'mfe_account', stable.split('/')[4]);
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual(recorded(stable));
  });

  it('refuses a change that does not fit, leaving the document byte for byte as it was', async () => {
    const v2 = await publishAccount('v2');
    // The shell moved on after v2 was published: v2's shared-ui no longer satisfies it.
    site.shell({ shared: { '@site/shared-ui': { version: '2.0.0', requiredVersion: '^2.0.0' } } });
    const before = documentBytes();
    const historyBefore = readFileSync(historyPath(site.ctx.store));

    await expect(canary(site.ctx, 'mfe_account', v2, '10')).rejects.toMatchObject({
      problems: expect.arrayContaining(['@site/shared-ui: candidate provides 1.0.0, shell requires ^2.0.0']),
    });
    await expect(promote(site.ctx, 'mfe_account')).rejects.toThrow('mfe_account has no canary to promote');
    await expect(canary(site.ctx, 'mfe_account', 'no-such-version', '10')).rejects.toThrow(/has no published version no-such-version/);
    await expect(canary(site.ctx, 'mfe_account', v2, '0')).rejects.toThrow(/whole number from 1 to 100/);
    await expect(rollback(site.ctx, 'mfe_account', v2)).rejects.toBeInstanceOf(Refused);

    expect(documentBytes().equals(before)).toBe(true);
    expect(readFileSync(historyPath(site.ctx.store)).equals(historyBefore)).toBe(true);
  });

  it('keeps the old document whole when the process dies between writing the new one and renaming it', async () => {
    const v2 = await publishAccount('v2');
    const before = documentBytes();
    const historyBefore = readHistory(site.ctx.store);
    jest.spyOn(fs, 'renameSync').mockImplementation(() => {
      throw new Error('simulated crash before the rename');
    });
    await expect(canary(site.ctx, 'mfe_account', v2, '10')).rejects.toThrow('simulated crash before the rename');
    jest.restoreAllMocks();
    expect(documentBytes().equals(before)).toBe(true);
    expect(readdirSync(site.ctx.store.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readHistory(site.ctx.store)).toEqual(historyBefore);
    // And the next release goes through.
    await canary(site.ctx, 'mfe_account', v2, '10');
    expect(readDocument(site.ctx.store)!.mfe_account.canary?.percentage).toBe(10);
  });

  it('records the canary a rollback took out of the document', async () => {
    const v2 = await publishAccount('v2');
    await canary(site.ctx, 'mfe_account', v2, '50');
    const stable = (await history(site.ctx, 'mfe_account')).find((entry) => entry.verb === 'init')!.to!;
    await rollback(site.ctx, 'mfe_account', stable, { reason: 'errors in the canary' });
    expect((await history(site.ctx, 'mfe_account')).at(-1)).toMatchObject({ verb: 'rollback', removedCanary: v2, reason: 'errors in the canary' });
  });

  it('lists every step in the history, in order, with who and why', async () => {
    const v2 = await publishAccount('v2');
    await canary(site.ctx, 'mfe_account', v2, '50', { reason: 'new heading' });
    await promote(site.ctx, 'mfe_account', { reason: 'no errors' });
    await rollback(site.ctx, 'mfe_account', undefined, { reason: 'the heading is wrong' });
    const steps = (await history(site.ctx)).map(({ verb, remote, from, to, percentage, reason, who }) => ({ verb, remote, from, to, percentage, reason, who }));
    const v1 = steps.find((step) => step.verb === 'init' && step.remote === 'mfe_account')!.to;
    expect(steps.map((step) => `${step.verb} ${step.remote}`)).toEqual([
      'publish mfe_marketing',
      'publish mfe_auth',
      'publish mfe_account',
      'init mfe_marketing',
      'init mfe_auth',
      'init mfe_account',
      'publish mfe_account',
      'canary mfe_account',
      'promote mfe_account',
      'rollback mfe_account',
    ]);
    expect(steps.slice(-3)).toEqual([
      { verb: 'canary', remote: 'mfe_account', from: null, to: v2, percentage: 50, reason: 'new heading', who: 'tester' },
      { verb: 'promote', remote: 'mfe_account', from: v1, to: v2, percentage: null, reason: 'no errors', who: 'tester' },
      { verb: 'rollback', remote: 'mfe_account', from: v2, to: v1, percentage: null, reason: 'the heading is wrong', who: 'tester' },
    ]);
    expect((await history(site.ctx, 'mfe-auth')).map((entry) => entry.verb)).toEqual(['publish', 'init']);
    const whens = (await history(site.ctx)).map((entry) => Date.parse(entry.when));
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
  });
});

describe('preview', () => {
  const SECRET = 'a-preview-secret-of-at-least-32-characters';
  const production = { NODE_ENV: 'production', PREVIEW_SECRET: SECRET, PUBLIC_SITE_URL: 'https://vedere.example' };
  beforeEach(async () => {
    await init(site.ctx);
  });

  it("gives a link to the remote's first page that pins a published version, signed, for at most a day; nothing in force changes", async () => {
    const v2 = await publishAccount('v2');
    const before = documentBytes();
    const historyBefore = readFileSync(historyPath(site.ctx.store));
    const previewed = await preview(site.ctx, 'mfe-account', v2.slice(0, 12), { env: production, hours: 2 });
    expect(previewed).toMatchObject({ remote: 'mfe_account', version: v2, manifest: `http://cdn.test/mfe-account/${v2}/mf-manifest.json` });
    const link = new URL(previewed.link);
    expect(link.origin + link.pathname).toBe('https://vedere.example/account');
    const pin = await verifyPreviewPin(SECRET, link.searchParams.get('preview'), { policy: { origins: ['http://cdn.test'] } });
    expect(pin).toEqual({ ...recorded(previewed.manifest), remote: 'mfe_account', version: v2, expiresAt: Date.parse(previewed.expiresAt) });
    expect(Date.parse(previewed.expiresAt) - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(Date.parse(previewed.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    expect(documentBytes().equals(before)).toBe(true);
    expect(readFileSync(historyPath(site.ctx.store)).equals(historyBefore)).toBe(true);
  });

  it('refuses a version that does not fit the site in force, one never published, and more than a day', async () => {
    const v2 = await publishAccount('v2');
    site.shell({ shared: { '@site/shared-ui': { version: '2.0.0', requiredVersion: '^2.0.0' } } });
    await expect(preview(site.ctx, 'mfe_account', v2, { env: production })).rejects.toBeInstanceOf(Refused);
    await expect(preview(site.ctx, 'mfe_account', 'no-such-version', { env: production })).rejects.toThrow(/has no published version no-such-version/);
    site.shell();
    await expect(preview(site.ctx, 'mfe_account', v2, { env: production, hours: 48 })).rejects.toThrow(/at most 24 hours/);
  });

  it("is off outside local mode without PREVIEW_SECRET, and names a remote's dev server in local mode only", async () => {
    const v2 = await publishAccount('v2');
    await expect(preview(site.ctx, 'mfe_account', v2, { env: { NODE_ENV: 'production' } })).rejects.toThrow(/previews are off: set PREVIEW_SECRET/);
    const dev = 'http://localhost:3003/mf-manifest.json';
    await expect(preview(site.ctx, 'mfe_account', dev, { env: production })).rejects.toThrow(/local mode only/);
    // Locally, the dev server's manifest is read (here: answered as the remote's own build) and gated like any version.
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(readFileSync(join(site.ctx.appDist('mfe_account'), 'mf-manifest.json'))));
    const local = await preview(site.ctx, 'mfe_account', dev, { env: { NODE_ENV: 'development' } });
    expect(local).toMatchObject({ version: 'local', manifest: dev });
    expect(local.link).toMatch(/^http:\/\/localhost:3000\/account\?preview=/);
    await expect(verifyPreviewPin(LOCAL_PREVIEW_SECRET, new URL(local.link).searchParams.get('preview'))).resolves.toMatchObject({ manifest: dev, version: 'local' });
  });
});
