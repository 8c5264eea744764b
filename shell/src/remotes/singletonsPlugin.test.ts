import { createInstance } from '@module-federation/enhanced/runtime';
import singletonsCheckedAtRelease from '@site/tools/federation-singletons-plugin';

/** A page's federation with `react`'s singleton provided at 19.3.1, as the shell provides it, with or without the plugin. */
function page(name: string, withPlugin: boolean) {
  return createInstance({
    name,
    remotes: [],
    shared: { react: { version: '19.3.1', scope: 'default', lib: () => ({ provided: '19.3.1' }), shareConfig: { singleton: true, requiredVersion: '^19.3.1' } } },
    plugins: withPlugin ? [singletonsCheckedAtRelease()] : [],
  });
}

/** An app's load of the singleton, requiring `requiredVersion` (its consumes, as the bundler's runtime asks). */
const load = (federation: ReturnType<typeof page>, requiredVersion: string, strictVersion = false) =>
  federation.loadShare<{ provided: string }>('react', {
    customShareInfo: { shareConfig: { singleton: true, requiredVersion, strictVersion } },
  });

describe("the runtime's check of a shared singleton's version (the release gate's, with the plugin)", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const warned = () => warn.mock.calls.map((args) => args.join(' ')).filter((line) => /does not satisfy/.test(line));

  it('is not made with the plugin: the singleton is taken as the runtime takes it without one, and no warning is given', async () => {
    const factory = await load(page('with_plugin', true), '^20.0.0');
    expect(factory && factory()).toEqual({ provided: '19.3.1' });
    expect(warned()).toEqual([]);
  });

  it('is made without it: the same singleton, and only a warning (the check the plugin leaves to the gate)', async () => {
    const factory = await load(page('without_plugin', false), '^20.0.0');
    expect(factory && factory()).toEqual({ provided: '19.3.1' });
    expect(warned()).toHaveLength(1);
  });

  it("is not made for the app's own shared modules either (which the runtime also reads to work out a remote's files to preload)", async () => {
    const federation = createInstance({
      name: 'own_shared',
      remotes: [],
      shared: { react: { version: '19.3.1', scope: 'default', lib: () => ({ provided: '19.3.1' }), shareConfig: { singleton: true, requiredVersion: '^20.0.0' } } },
      plugins: [singletonsCheckedAtRelease()],
    });
    const factory = await federation.loadShare<{ provided: string }>('react');
    expect(factory && factory()).toEqual({ provided: '19.3.1' });
    expect(federation.options.shared.react!.map((share) => share.shareConfig?.requiredVersion)).toEqual([false]);
    expect(warned()).toEqual([]);
  });

  it('is still made for a strict singleton, whose failed check stops the load', async () => {
    await expect(load(page('strict_with_plugin', true), '^20.0.0', true)).rejects.toThrow(/does not satisfy/);
  });
});
