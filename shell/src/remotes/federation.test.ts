import type * as Federation from './federation';
import type * as Health from './health';
import type * as Reload from './reloadOnce';
import type * as Runtime from '@module-federation/enhanced/runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('./health', () => ({ ...jest.requireActual('./health'), reportRemoteEvent: jest.fn(), rememberDeployments: jest.fn() }));
jest.mock('./reloadOnce', () => ({ ...jest.requireActual('./reloadOnce'), reloadOnce: jest.fn(() => true), reloadPage: jest.fn() }));

const store = (remote: string, version: string) => `http://localhost:3004/${remote}/${version}/mf-manifest.json`;
const documentWith = (
  account: object = { manifest: store('mfe-account', '1.0.0-aaaaaaaaaaaa') },
  marketing: object = { manifest: store('mfe-marketing', '1.0.0-mmmmmmmmmmmm') },
) => ({
  mfe_marketing: marketing,
  mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
  mfe_account: account,
});

const page = { default: () => null };
const accountPage = { remote: 'mfe_account', module: './AccountPage' } as const;
const landingPage = { remote: 'mfe_marketing', module: './LandingPage' } as const;

/** A fresh copy of the loader (its state is the page's), with the document the "server" answers now. */
function freshLoader() {
  let documentNow: object = documentWith();
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => documentNow }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  let modules!: { federation: typeof Federation; health: jest.Mocked<typeof Health>; reload: jest.Mocked<typeof Reload>; runtime: jest.Mocked<typeof Runtime> };
  jest.isolateModules(() => {
    modules = {
      federation: require('./federation'),
      health: require('./health'),
      reload: require('./reloadOnce'),
      runtime: require('@module-federation/enhanced/runtime'),
    };
  });
  modules.runtime.loadRemote.mockResolvedValue(page);
  return { ...modules, fetchMock, publish: (doc: object) => void (documentNow = doc) };
}

let now = 1_000_000;
beforeEach(() => {
  now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  // The loader's timers, if it sets any, run when the test says (Date.now is the test's `now`).
  jest.useFakeTimers({ doNotFake: ['Date'] });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/**
 * Until the loader has nothing left to do: every timer it set has run, and every promise callback
 * after each. A load still pending then waits on nothing the loader will do (the page going away).
 */
const nothingLeftToRun = () => jest.runAllTimersAsync();

describe('the remotes the shell loads', () => {
  it('gives, per remote, the manifest URL and the cohort this visitor got, and tells the health reporter', async () => {
    const { federation, health, publish } = freshLoader();
    const canary = store('mfe-account', '1.0.0-cccccccccccc');
    publish(documentWith({ manifest: store('mfe-account', '1.0.0-aaaaaaaaaaaa'), canary: { manifest: canary, percentage: 100 } }));
    const deployments = await federation.ensureRemotesRegistered();
    expect(deployments.get('mfe_account')).toEqual({ manifest: canary, cohort: 'canary' });
    expect(deployments.get('mfe_auth')).toEqual({ manifest: 'http://localhost:3002/mf-manifest.json', cohort: 'stable' });
    expect(health.rememberDeployments).toHaveBeenCalledWith(deployments);
  });

  it(`reads the document again at a navigation only once its copy is ${30} s old`, async () => {
    const { federation, fetchMock } = freshLoader();
    expect(federation.REMOTES_DOCUMENT_MAX_AGE_MS).toBe(30_000);
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS - 1;
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 1;
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('/remotes.json', { cache: 'no-cache' });
    // A prefetch is no navigation: it never reads the document.
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    await federation.loadPage(landingPage);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('registers afresh (force) a remote whose manifest changed and whose code has not run, so its next page is the version in force', async () => {
    const { federation, runtime, reload, publish } = freshLoader();
    await federation.loadPage(landingPage, { atNavigation: true });
    const rolledBack = store('mfe-account', '1.0.0-bbbbbbbbbbbb');
    publish(documentWith({ manifest: rolledBack }));
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_account', entry: rolledBack }], { force: true });
    expect(runtime.loadRemote).toHaveBeenLastCalledWith('mfe_account/AccountPage');
    expect((await federation.ensureRemotesRegistered()).get('mfe_account')).toEqual({ manifest: rolledBack, cohort: 'stable' });
    expect(reload.reloadPage).not.toHaveBeenCalled();
  });

  it('loads the page afresh at the next navigation to a remote whose code runs and whose deployment changed', async () => {
    const { federation, runtime, reload, publish } = freshLoader();
    await federation.loadPage(landingPage, { atNavigation: true });
    publish(documentWith(undefined, { manifest: store('mfe-marketing', '1.0.0-nnnnnnnnnnnn') }));
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    // Another remote's page first: no reload for a remote the visitor is not going to.
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(reload.reloadPage).not.toHaveBeenCalled();
    runtime.loadRemote.mockClear();
    let settled = false;
    void federation.loadPage({ remote: 'mfe_marketing', module: './ContactPage' }, { atNavigation: true }).finally(() => (settled = true));
    await nothingLeftToRun();
    expect(reload.reloadPage).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(settled).toBe(false);
  });

  it('keeps the copy in force when the document cannot be read again', async () => {
    const { federation, fetchMock } = freshLoader();
    await federation.loadPage(accountPage, { atNavigation: true });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    await expect(federation.loadPage(accountPage, { atNavigation: true })).resolves.toBe(page);
  });
});

describe('a page whose code has loaded', () => {
  it('is ready for a navigation, loaded ahead or visited before, while the copy of the document in force is fresh', async () => {
    const { federation, runtime } = freshLoader();
    expect(federation.readyPage(accountPage)).toBeUndefined();
    let arrive!: (module: typeof page) => void;
    runtime.loadRemote.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const ahead = federation.loadPage(accountPage);
    await nothingLeftToRun();
    // Still on its way: the navigation waits for it.
    expect(federation.readyPage(accountPage)).toBeUndefined();
    arrive(page);
    await ahead;
    expect(federation.readyPage(accountPage)).toBe(page);
    expect(federation.readyPage(landingPage)).toBeUndefined();
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS - 1;
    expect(federation.readyPage(accountPage)).toBe(page);
    // Stale: the navigation reads the document again first (loadPage).
    now += 1;
    expect(federation.readyPage(accountPage)).toBeUndefined();
  });

  it('is not ready once its remote is outdated: the navigation to it is a full page load', async () => {
    const { federation, reload, publish } = freshLoader();
    await federation.loadPage(landingPage, { atNavigation: true });
    publish(documentWith(undefined, { manifest: store('mfe-marketing', '1.0.0-nnnnnnnnnnnn') }));
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    await federation.loadPage(accountPage, { atNavigation: true });
    expect(federation.readyPage(accountPage)).toBe(page);
    expect(federation.readyPage(landingPage)).toBeUndefined();
    expect(reload.reloadPage).not.toHaveBeenCalled();
  });

  it('is loaded ahead (a link shows interest, guards wait) only while the copy of the document is fresh: a stale one is read again by the navigation, which takes the version in force', async () => {
    const { federation, runtime, reload, publish } = freshLoader();
    federation.loadAhead(accountPage);
    await nothingLeftToRun();
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_account/AccountPage');
    expect(federation.readyPage(accountPage)).toBe(page);
    runtime.loadRemote.mockClear();
    publish(documentWith(undefined, { manifest: store('mfe-marketing', '1.0.0-nnnnnnnnnnnn') }));
    now += federation.REMOTES_DOCUMENT_MAX_AGE_MS;
    // Stale: nothing loaded ahead, so the marketing remote, not started, is moved to its new version.
    federation.loadAhead(landingPage);
    await nothingLeftToRun();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    await federation.loadPage(landingPage, { atNavigation: true });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_marketing', entry: store('mfe-marketing', '1.0.0-nnnnnnnnnnnn') }], { force: true });
    expect(reload.reloadPage).not.toHaveBeenCalled();
  });

  it('is not ready when its load failed', async () => {
    const { federation, runtime } = freshLoader();
    runtime.loadRemote.mockRejectedValueOnce(new Error('entry 404'));
    await expect(federation.loadPage(accountPage)).rejects.toThrow('entry 404');
    expect(federation.readyPage(accountPage)).toBeUndefined();
  });
});

describe('a page whose code fails to load', () => {
  const chunkGone = () => Object.assign(new Error('Loading chunk 262 failed.\n(missing: http://localhost:3004/mfe-account/1.0.0-aaaaaaaaaaaa/262.js)'), { name: 'ChunkLoadError' });

  /**
   * The runtime's answer to a failed load, as loadRecovery.test.ts shows it with the real one: the
   * errorLoadRemote hook of the plugin federation.ts registered may answer in place of the failure.
   */
  async function failingLoads(loader: ReturnType<typeof freshLoader>, failures: unknown[]) {
    await loader.federation.ensureRemotesRegistered();
    const plugin = loader.runtime.registerPlugins.mock.calls.at(-1)![0]!.find(({ name }) => name === 'site-load-recovery');
    const origin = {
      options: { remotes: [{ name: 'mfe_account', entry: store('mfe-account', '1.0.0-aaaaaaaaaaaa') }] },
      registerRemotes: jest.fn(),
      loadRemote: (id: string) => loader.runtime.loadRemote(id),
    } as unknown as Runtime.ModuleFederation;
    loader.runtime.loadRemote.mockImplementation(async (id: string) => {
      const error = failures.shift();
      if (!error) return page;
      const answer = await plugin!.errorLoadRemote!({ id, error, lifecycle: 'onLoad', from: 'runtime', origin });
      if (!answer) throw error;
      return answer;
    });
    return origin;
  }

  it("registers the integrity of released files, the loader's recovery, its loading a task per step and its prefetch links with the federation runtime once", async () => {
    const { federation, runtime } = freshLoader();
    await federation.loadPage(accountPage, { atNavigation: true });
    await federation.loadPage(landingPage, { atNavigation: true });
    expect(runtime.registerPlugins).toHaveBeenCalledTimes(1);
    expect(runtime.registerPlugins).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'site-integrity', fetch: expect.any(Function), createScript: expect.any(Function) }),
      expect.objectContaining({ name: 'site-load-recovery', errorLoadRemote: expect.any(Function) }),
      expect.objectContaining({ name: 'site-task-per-load-step', beforeInitContainer: expect.any(Function), initContainer: expect.any(Function) }),
      expect.objectContaining({ name: 'site-prefetch-links', createLink: expect.any(Function) }),
    ]);
  });

  it('reloads the URL once when a chunk is gone (a deleted deployment), instead of showing an error', async () => {
    const loader = freshLoader();
    await failingLoads(loader, [chunkGone()]);
    let settled = false;
    void loader.federation.loadPage(accountPage, { atNavigation: true }).finally(() => (settled = true));
    await nothingLeftToRun();
    expect(loader.reload.reloadOnce).toHaveBeenCalledWith(window.location.href);
    expect(settled).toBe(false);
    expect(loader.health.reportRemoteEvent).not.toHaveBeenCalled();
  });

  it('once reloaded for that URL, tries again, then shows the error and counts a load failure', async () => {
    const loader = freshLoader();
    loader.reload.reloadOnce.mockReturnValue(false);
    await failingLoads(loader, [chunkGone(), chunkGone()]);
    const failure = await loader.federation.loadPage(accountPage, { atNavigation: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(loader.health.RemoteLoadFailure);
    expect(loader.runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(loader.health.reportRemoteEvent).toHaveBeenCalledTimes(1);
    expect(loader.health.reportRemoteEvent).toHaveBeenCalledWith('mfe_account', 'load_failure');
  });

  it('counts nothing when the retry succeeds, and registers the remote afresh for it', async () => {
    const loader = freshLoader();
    const origin = await failingLoads(loader, [new Error('RUNTIME-008 remote entry failed')]);
    await expect(loader.federation.loadPage(accountPage, { atNavigation: true })).resolves.toBe(page);
    expect(origin.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_account', entry: store('mfe-account', '1.0.0-aaaaaaaaaaaa') }], { force: true });
    expect(loader.runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(loader.health.reportRemoteEvent).not.toHaveBeenCalled();
  });

  it('reads the remotes document a second time when the first read fails, then loads the page', async () => {
    const { federation, fetchMock, health } = freshLoader();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(federation.loadPage(accountPage, { atNavigation: true })).resolves.toBe(page);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(health.reportRemoteEvent).not.toHaveBeenCalled();
  });

  it('neither retries nor counts nor reloads for a prefetch', async () => {
    const loader = freshLoader();
    const origin = await failingLoads(loader, [chunkGone()]);
    await expect(loader.federation.loadPage(accountPage)).rejects.toThrow('Loading chunk 262 failed');
    expect(loader.runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(loader.reload.reloadOnce).not.toHaveBeenCalled();
    expect(loader.health.reportRemoteEvent).not.toHaveBeenCalled();
    // The next load starts afresh all the same.
    expect(origin.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_account', entry: store('mfe-account', '1.0.0-aaaaaaaaaaaa') }], { force: true });
  });
});
