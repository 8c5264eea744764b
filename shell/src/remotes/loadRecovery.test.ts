import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { loadRecoveryPlugin } from './loadRecovery';

const Page = () => null;
const chunkGone = () => Object.assign(new Error('Loading chunk 262 failed.\n(missing: http://localhost:3004/mfe-account/1.0.0-aaaaaaaaaaaa/262.js)'), { name: 'ChunkLoadError' });
type Failure = 'entry' | 'chunk' | null;
type Container = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;

/**
 * A real federation runtime whose remote entries are served by a test plugin (no script tag):
 * each load of a remote's entry takes the next planned outcome (an entry that fails to load, an
 * exposed module whose chunk is gone, or the page).
 */
let runtimes = 0;
function runtimeWith(plan: Failure[], { atNavigation = true, reloads = false } = {}) {
  // The runtime keeps loaded entries page-wide (by remote and entry): a new entry per test.
  runtimes += 1;
  const entry = `http://localhost:3003/${runtimes}/remoteEntry.js`;
  const entryLoads: string[] = [];
  const reloadForMissingCode = jest.fn(() => reloads);
  const servedEntries: ModuleFederationRuntimePlugin = {
    name: 'test-served-entries',
    loadEntry: async ({ remoteInfo }) => {
      entryLoads.push(remoteInfo.entry);
      const outcome = plan.shift() ?? null;
      if (outcome === 'entry') throw new Error(`RUNTIME-008: ${remoteInfo.entry} failed to load`);
      const container = {
        init: async () => undefined,
        // As webpack's container does: a promise of the module's factory (the runtime awaits it; its type says otherwise).
        get: async () => {
          if (outcome === 'chunk') throw chunkGone();
          return () => ({ default: Page });
        },
      };
      return container as unknown as Container;
    },
  };
  const federation = createInstance({
    name: `host_${runtimes}`,
    remotes: [{ name: 'mfe_account', entry }],
    plugins: [servedEntries, loadRecoveryPlugin({ atNavigation: () => atNavigation, reloadForMissingCode })],
  });
  return { federation, entry, entryLoads, reloadForMissingCode };
}

describe("a remote module that fails to load (the runtime's errorLoadRemote hook)", () => {
  // The runtime warns at each registration afresh (a remote registered again).
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is tried once more, with the remote registered afresh (its entry loaded again), for a navigation', async () => {
    const { federation, entry, entryLoads } = runtimeWith(['entry']);
    await expect(federation.loadRemote('mfe_account/AccountPage')).resolves.toEqual({ default: Page });
    expect(entryLoads).toEqual([entry, entry]);
  });

  it('fails with the second failure when the second try fails too, and the next load starts afresh', async () => {
    const { federation, entryLoads } = runtimeWith(['entry', 'entry']);
    await expect(federation.loadRemote('mfe_account/AccountPage')).rejects.toThrow('RUNTIME-008');
    expect(entryLoads).toHaveLength(2);
    // The visitor's retry: the remote is back.
    await expect(federation.loadRemote('mfe_account/AccountPage')).resolves.toEqual({ default: Page });
    expect(entryLoads).toHaveLength(3);
  });

  it('is not tried again for a prefetch, but the remote is registered afresh for the next load', async () => {
    const { federation, entryLoads, reloadForMissingCode } = runtimeWith(['chunk'], { atNavigation: false });
    await expect(federation.loadRemote('mfe_account/AccountPage')).rejects.toThrow('Loading chunk 262 failed');
    expect(entryLoads).toHaveLength(1);
    expect(reloadForMissingCode).not.toHaveBeenCalled();
    await expect(federation.loadRemote('mfe_account/AccountPage')).resolves.toEqual({ default: Page });
    expect(entryLoads).toHaveLength(2);
  });

  it('loads the URL afresh instead when a chunk of the page is gone (a deleted deployment), and never settles meanwhile', async () => {
    jest.useFakeTimers();
    const { federation, entryLoads, reloadForMissingCode } = runtimeWith(['chunk'], { reloads: true });
    let settled = false;
    void federation.loadRemote('mfe_account/AccountPage').finally(() => (settled = true));
    // Until the runtime and the plugin have nothing left to do: every timer run, every promise
    // callback after each. The load still pending then waits on the page going away only.
    await jest.runAllTimersAsync();
    expect(reloadForMissingCode).toHaveBeenCalledTimes(1);
    expect(entryLoads).toHaveLength(1);
    expect(settled).toBe(false);
  });

  it('tries once more when the URL was loaded afresh for missing code before', async () => {
    const { federation, entryLoads, reloadForMissingCode } = runtimeWith(['chunk'], { reloads: false });
    await expect(federation.loadRemote('mfe_account/AccountPage')).resolves.toEqual({ default: Page });
    expect(reloadForMissingCode).toHaveBeenCalledTimes(1);
    expect(entryLoads).toHaveLength(2);
  });
});
