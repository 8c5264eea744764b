import { compatibilityProblems, type InForce } from './gate';
import { manifestOf, realManifest, realRouteTable, type ManifestChanges } from './fixtures/fakeSite';

const inForce = (shell: ManifestChanges = {}, auth: ManifestChanges = {}): InForce[] => [
  { label: 'shell', manifest: manifestOf('shell', shell) },
  { label: 'mfe_marketing', manifest: manifestOf('mfe_marketing') },
  { label: 'mfe_auth', manifest: manifestOf('mfe_auth', auth) },
];

/** The version of the federation runtime the real build was made with. */
const version = realManifest.metaData.federationRuntime?.version;

const check = (candidate: ManifestChanges, around = inForce()) =>
  compatibilityProblems({ remote: 'mfe_account', candidate: manifestOf('mfe_account', candidate), inForce: around, routeTable: realRouteTable });

describe('the compatibility gate', () => {
  it('passes a build like the ones in force', () => {
    expect(check({})).toEqual([]);
    // The fixture is a real manifest: every singleton the site declares is in it.
    expect(realManifest.shared.filter((entry) => entry.singleton).map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'styled-components', 'i18next', 'firebase/compat/app', '@site/shared-ui']),
    );
  });

  it('refuses a candidate that requires a newer singleton than the shell provides', () => {
    expect(check({}, inForce({ shared: { react: { version: '19.1.0', requiredVersion: '^19.1.0' } } }))).toEqual(['react: candidate requires ^19.3.1, shell provides 19.1.0']);
  });

  it('refuses a candidate that provides an older singleton than another remote requires', () => {
    expect(check({}, inForce({}, { shared: { '@site/shared-ui': { requiredVersion: '^2.0.0' } } }))).toEqual([
      '@site/shared-ui: candidate provides 1.0.0, mfe_auth requires ^2.0.0',
    ]);
  });

  it('checks both directions, against every build in force, one line per problem', () => {
    expect(check({ shared: { '@site/shared-ui': { version: '2.0.0', requiredVersion: '^2.0.0' } } })).toEqual([
      '@site/shared-ui: candidate provides 2.0.0, shell requires ^1.0.0',
      '@site/shared-ui: candidate requires ^2.0.0, shell provides 1.0.0',
      '@site/shared-ui: candidate provides 2.0.0, mfe_marketing requires ^1.0.0',
      '@site/shared-ui: candidate requires ^2.0.0, mfe_marketing provides 1.0.0',
      '@site/shared-ui: candidate provides 2.0.0, mfe_auth requires ^1.0.0',
      '@site/shared-ui: candidate requires ^2.0.0, mfe_auth provides 1.0.0',
    ]);
  });

  it('checks firebase like every other singleton', () => {
    expect(check({ shared: { 'firebase/compat/app': { requiredVersion: '^11.0.0' } } }, inForce().slice(0, 1))).toEqual([
      'firebase/compat/app: candidate requires ^11.0.0, shell provides 10.14.1',
    ]);
  });

  it('refuses a candidate that no longer shares a singleton of the site (it would run a copy of its own)', () => {
    const candidate = manifestOf('mfe_account');
    candidate.shared = candidate.shared!.filter((entry) => entry.name !== 'react' && entry.name !== 'firebase/compat/auth');
    expect(compatibilityProblems({ remote: 'mfe_account', candidate, inForce: inForce().slice(0, 1), routeTable: realRouteTable })).toEqual([
      'firebase/compat/auth: shell shares it as a singleton, the candidate does not share it (it would run a copy of its own)',
      'react: shell shares it as a singleton, the candidate does not share it (it would run a copy of its own)',
    ]);
  });

  it('refuses a singleton it cannot check: no version provided, or no range required', () => {
    const candidate = manifestOf('mfe_account');
    candidate.shared = candidate.shared!.map((entry) => {
      // A build's manifest as it may arrive: not as Module Federation's type says it is.
      if (entry.name === 'react') return { ...entry, version: undefined as unknown as string };
      if (entry.name === 'i18next') return { ...entry, requiredVersion: false as unknown as string };
      return entry;
    });
    expect(compatibilityProblems({ remote: 'mfe_account', candidate, inForce: inForce().slice(0, 1), routeTable: realRouteTable })).toEqual([
      'i18next: candidate declares no version range it requires (requiredVersion false)',
      "react: candidate's manifest does not record the version it provides",
    ]);
  });

  it('accepts a prerelease that satisfies the range', () => {
    expect(check({ shared: { react: { version: '19.4.0-rc.1' } } })).toEqual([]);
  });

  it('leaves shared modules that are not singletons to the federation runtime', () => {
    const around = inForce();
    around[0]!.manifest.shared = around[0]!.manifest.shared!.map((entry) => (entry.name === 'i18next' ? { ...entry, singleton: false, version: '25.0.0' } : entry));
    const candidate = manifestOf('mfe_account');
    candidate.shared = candidate.shared!.map((entry) => (entry.name === 'i18next' ? { ...entry, singleton: false } : entry));
    expect(compatibilityProblems({ remote: 'mfe_account', candidate, inForce: around, routeTable: realRouteTable })).toEqual([]);
  });

  it('checks the federation runtime like a singleton: a remote built against another version is refused', () => {
    // The fixture is a real manifest: its build records the runtime it runs on.
    expect(realManifest.metaData.federationRuntime).toEqual(expect.objectContaining({ name: '@module-federation/runtime-core', singleton: true, provides: false }));
    expect(check({ runtime: { version: '2.9.3', requiredVersion: '2.9.3' } }, inForce().slice(0, 1))).toEqual([
      `@module-federation/runtime-core: candidate provides 2.9.3, shell requires ${version}`,
      `@module-federation/runtime-core: candidate requires 2.9.3, shell provides ${version}`,
    ]);
    expect(check({}, inForce({ runtime: { version: '3.0.0', requiredVersion: '3.0.0' } }).slice(0, 1))).toEqual([
      `@module-federation/runtime-core: candidate provides ${version}, shell requires 3.0.0`,
      `@module-federation/runtime-core: candidate requires ${version}, shell provides 3.0.0`,
    ]);
  });

  it('checks the runtime against the other remotes in force too (one runtime for the whole page)', () => {
    expect(check({}, inForce({}, { runtime: { version: '2.10.0', requiredVersion: '2.10.0' } }))).toEqual([
      `@module-federation/runtime-core: candidate provides ${version}, mfe_auth requires 2.10.0`,
      `@module-federation/runtime-core: candidate requires ${version}, mfe_auth provides 2.10.0`,
    ]);
  });

  it("refuses a remote that runs on the page's runtime when no build in force provides one", () => {
    expect(check({}, inForce({ runtime: { provides: false } }))).toEqual([
      'federation runtime: the candidate runs on the runtime its page provides, and no build in force provides one',
    ]);
  });

  it('refuses a build whose manifest does not record its runtime, or beside one that does not', () => {
    expect(check({ runtime: null }, inForce().slice(0, 1))).toEqual(["federation runtime: the candidate's manifest does not record it (metaData.federationRuntime)"]);
    expect(check({}, inForce({}, { runtime: null }))).toEqual(["federation runtime: mfe_auth's manifest does not record it (metaData.federationRuntime)"]);
  });

  it('refuses a build that no longer exposes a page the shell routes to it', () => {
    expect(check({ exposes: ['./AccountPage', './ResetLinkedDevicePage'] })).toEqual([
      "./PricingPage: the shell's route table loads it from mfe_account, the candidate does not expose it",
    ]);
  });

  it("refuses another remote's build", () => {
    expect(compatibilityProblems({ remote: 'mfe_account', candidate: manifestOf('mfe_auth'), inForce: inForce(), routeTable: realRouteTable })).toEqual([
      "name: the candidate's manifest is mfe_auth, not mfe_account",
      "./AccountPage: the shell's route table loads it from mfe_account, the candidate does not expose it",
      "./PricingPage: the shell's route table loads it from mfe_account, the candidate does not expose it",
      "./ResetLinkedDevicePage: the shell's route table loads it from mfe_account, the candidate does not expose it",
    ]);
  });
});
