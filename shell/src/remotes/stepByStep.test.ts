import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { stepByStepPlugin } from './stepByStep';

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

describe("a remote's page, loaded step by step", () => {
  it("initialises the remote's container after the task in which its entry arrived, asks for the page in another, and hands it over (to be drawn) after the task that evaluated it", async () => {
    const { log, loaded } = loadPage([stepByStepPlugin()]);
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
