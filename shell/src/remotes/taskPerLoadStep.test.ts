import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { taskPerLoadStepPlugin } from './taskPerLoadStep';

const Page = () => null;
type Container = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;

/**
 * A real federation runtime whose remote's entry is served by a test plugin. When the entry
 * arrives, and when its container is initialised, a task is queued that marks the end of the
 * current one: each step logged before that mark ran in the same task.
 */
let runtimes = 0;
function loadPage(plugins: ModuleFederationRuntimePlugin[]) {
  runtimes += 1;
  const log: string[] = [];
  const servedEntry: ModuleFederationRuntimePlugin = {
    name: 'test-served-entry',
    loadEntry: async () => {
      log.push('entry arrived');
      setTimeout(() => log.push("the entry's task is over"), 0);
      const container = {
        init: async () => {
          log.push('container initialised');
          setTimeout(() => log.push("the container's task is over"), 0);
        },
        get: async () => {
          log.push('page module asked for');
          return () => {
            log.push('page module evaluated');
            setTimeout(() => log.push("the module's task is over"), 0);
            return { default: Page };
          };
        },
      };
      return container as unknown as Container;
    },
  };
  const federation = createInstance({
    name: `host_steps_${runtimes}`,
    remotes: [{ name: 'mfe_account', entry: `http://localhost:3003/steps/${runtimes}/remoteEntry.js` }],
    plugins: [servedEntry, ...plugins],
  });
  const loaded = federation.loadRemote('mfe_account/AccountPage');
  void loaded.then(() => log.push('page handed over'));
  return { log, loaded };
}

describe("a remote's page, loaded a task per step", () => {
  it("initialises the remote's container after the task in which its entry arrived, asks for the page in another, and hands it over (to be drawn) after the task that evaluated it", async () => {
    const { log, loaded } = loadPage([taskPerLoadStepPlugin()]);
    await expect(loaded).resolves.toEqual({ default: Page });
    await Promise.resolve();
    expect(log).toEqual([
      'entry arrived',
      "the entry's task is over",
      'container initialised',
      "the container's task is over",
      'page module asked for',
      'page module evaluated',
      "the module's task is over",
      'page handed over',
    ]);
  });

  it('without the plugin, does it all in the task in which the entry arrived (what the plugin changes)', async () => {
    const { log, loaded } = loadPage([]);
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.indexOf('page module asked for')).toBeLessThan(log.indexOf("the entry's task is over"));
  });
});

/** The runtime takes the fetch hook's answer if it is a Response, which jsdom's window has not: one that only reads. */
class ManifestResponse {
  constructor(private readonly body: unknown) {}
  async json() {
    return this.body;
  }
}
beforeAll(() => {
  Object.assign(globalThis, { Response: ManifestResponse });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'Response');
});

/**
 * The same, for a remote registered by its federation manifest (as the site's are): the manifest
 * arrives (the runtime makes its snapshot of the remote from it), then the runtime works out the
 * page's files, then asks for them and for the remote's entry.
 */
function loadPageFromManifest(plugins: ModuleFederationRuntimePlugin[]) {
  runtimes += 1;
  const log: string[] = [];
  const manifest = {
    id: 'mfe_account',
    name: 'mfe_account',
    metaData: {
      name: 'mfe_account',
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: '@site/mfe-account' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'mfe_account',
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    remotes: [],
    shared: [],
    exposes: [{ id: 'mfe_account:AccountPage', name: 'AccountPage', path: './AccountPage', assets: { js: { sync: ['page.js'], async: [] }, css: { sync: [], async: [] } } }],
  };
  const servedManifest: ModuleFederationRuntimePlugin = {
    name: 'test-served-manifest',
    fetch: async () => {
      log.push('manifest arrived');
      setTimeout(() => log.push("the manifest's task is over"), 0);
      return new ManifestResponse(manifest) as unknown as Response;
    },
    // After the runtime's own plugin has worked them out (it answers; this one answers nothing).
    generatePreloadAssets: (async () => {
      log.push("page's files worked out");
      setTimeout(() => log.push('that task is over'), 0);
    }) as unknown as NonNullable<ModuleFederationRuntimePlugin['generatePreloadAssets']>,
    loadEntry: async () => {
      log.push('entry asked for');
      return { init: async () => undefined, get: async () => () => ({ default: Page }) } as unknown as Container;
    },
  };
  const federation = createInstance({
    name: `host_steps_${runtimes}`,
    remotes: [{ name: 'mfe_account', entry: `http://localhost:3003/steps/${runtimes}/mf-manifest.json` }],
    plugins: [servedManifest, ...plugins],
  });
  return { log, loaded: federation.loadRemote('mfe_account/AccountPage') };
}

describe("a remote's page, loaded a task per step from the remote's manifest", () => {
  it("works out the page's files after the task in which the manifest arrived, and asks for them and for the entry in another", async () => {
    const { log, loaded } = loadPageFromManifest([taskPerLoadStepPlugin()]);
    await expect(loaded).resolves.toEqual({ default: Page });
    expect(log).toEqual(['manifest arrived', "the manifest's task is over", "page's files worked out", 'that task is over', 'entry asked for']);
  });

  it('without the plugin, does it all in the task in which the manifest arrived (what the plugin changes)', async () => {
    const { log, loaded } = loadPageFromManifest([]);
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.slice(0, 4)).toEqual(['manifest arrived', "page's files worked out", 'entry asked for', "the manifest's task is over"]);
  });
});
