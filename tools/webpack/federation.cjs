// The federation config: the Module Federation plugin of every app (name, exposes, the shared
// singletons), the runtime it ships once per page, and what each build's federation manifest records
// beside MF's own (the runtime's version, each shared module's files).
const fs = require('node:fs');
const path = require('node:path');

// Module Federation loads webpack internals by path; with pnpm's strict layout it must be told
// which webpack the build runs on.
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('./base.cjs');
const { precompressed } = require('./chunks.cjs');

/** The installed version of a dependency, as the app resolves it (pinned once in the catalog). */
const catalogVersion = (dir, pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [dir] })).version;

/**
 * The federation runtime ships once per page: the shell's page provides it
 * (experiments.provideExternalRuntime, through MF's inject-external-runtime-core plugin), every
 * remote's build takes it from the page (experiments.externalRuntime), and a remote's own page
 * provides it with the same plugin (federation-runtime.js, built beside the remote).
 */
const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
const injectRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhancedDir] });
const runtimeCorePackage = (() => {
  const tools = path.dirname(require.resolve('@module-federation/runtime-tools/runtime-core', { paths: [path.dirname(injectRuntimePlugin)] }));
  let dir = path.dirname(require.resolve('@module-federation/runtime-core', { paths: [tools] }));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return { name: '@module-federation/runtime-core', dir, version: require(path.join(dir, 'package.json')).version };
})();
/**
 * The inject plugin as an ES module. MF adds it to the shell by its CommonJS file, which requires
 * the runtime's CommonJS build: bundled so, the shell would carry a second copy of the runtime
 * (and hand the remotes that one) beside the ES module copy its own bundler runtime imports.
 */
const injectRuntimePluginEsm = path.join(path.dirname(injectRuntimePlugin), 'index.js');
const runtimeAliases = { [injectRuntimePlugin]: injectRuntimePluginEsm };
/** The runtime plugin every app's federation runs with: its shared singletons' versions checked at release, not at run time. */
const SINGLETONS_PLUGIN = path.join(__dirname, '..', 'federation-singletons-plugin.js');
/** Where a remote's own page finds the runtime it provides (beside its main.js). */
const RUNTIME_PROVIDER = 'federation-runtime';

/**
 * The runtime as a singleton of the page, recorded in each build's federation manifest
 * (metaData.federationRuntime) for the release gate (release/src/gate.ts): a remote runs on the
 * shell's runtime with its own bundler glue, and MF's runtime packages pin each other exactly, so
 * the version required is the one the build was made with.
 */
const federationRuntimeRecord = (provides) => ({
  name: runtimeCorePackage.name,
  version: runtimeCorePackage.version,
  singleton: true,
  requiredVersion: runtimeCorePackage.version,
  provides,
});

/**
 * Per build: the shell provides the runtime and keeps the manifest protocol (it reads each remote's
 * mf-manifest.json, and preloads with it); a remote takes the runtime from the page and reads no
 * manifest (disableSnapshot). Both run in browsers only (target 'web': no Node loader code).
 */
const federationExperiments = (isHost) =>
  isHost ? { provideExternalRuntime: true, optimization: { target: 'web' } } : { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } };

/** Singletons shared by the shell and every remote: exactly one instance of each at run time. */
function sharedSingletons(dir) {
  const singleton = (pkg) => ({ singleton: true, requiredVersion: `^${catalogVersion(dir, pkg)}` });
  return {
    react: singleton('react'),
    'react/jsx-runtime': { singleton: true, requiredVersion: `^${catalogVersion(dir, 'react')}` },
    'react-dom': singleton('react-dom'),
    'react-dom/client': { singleton: true, requiredVersion: `^${catalogVersion(dir, 'react-dom')}` },
    'styled-components': singleton('styled-components'),
    i18next: singleton('i18next'),
    // react-router-dom and react-i18next are singletons too, inside @site/shared-ui (src/router.ts):
    // shared there, only the parts the site uses are shipped instead of the whole packages.
    // FirebaseUI 6 needs the compat API, so the session uses it too: one Firebase app per page.
    // Subpaths whose own package.json carries no version: given the package's.
    'firebase/compat/app': { singleton: true, version: catalogVersion(dir, 'firebase'), requiredVersion: `^${catalogVersion(dir, 'firebase')}` },
    'firebase/compat/auth': { singleton: true, version: catalogVersion(dir, 'firebase'), requiredVersion: `^${catalogVersion(dir, 'firebase')}` },
    '@site/shared-ui': singleton('@site/shared-ui'),
    // One query client for the page, made by the shell: its context must be the same module's.
    '@tanstack/react-query': singleton('@tanstack/react-query'),
  };
}

/** Amends the browser build's federation manifest and stats (once MF has written them). */
const amendManifests = (name, amend) => ({
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          const asset = compilation.getAsset(file);
          if (!asset) continue;
          const json = JSON.parse(asset.source.source().toString());
          amend(json, compilation);
          compilation.updateAsset(file, new sources.RawSource(JSON.stringify(json, null, 2)));
        }
      });
    });
  },
});

/** Adds to the metaData of the browser build's federation manifest. */
const amendManifest = (name, metaData) => amendManifests(name, (json) => Object.assign(json.metaData, metaData()));

/**
 * Each shared module's files in the manifest (shared[].assets.js.sync), the ones its provider
 * loads: MF's manifest names the chunk that holds the module, not the chunks split off beside it
 * (libraries it has in common with other chunks), and names the chunk of the module's fallback
 * too (a second copy of react-dom's, which a page whose shell provides it never loads). The site's
 * server preloads from that list (site-server/src/preloadHints.ts): a file missing from it is
 * found only once the code that needs it has run, one round trip later, and a file too many is
 * fetched for nothing.
 */
const providedSharedAssets = amendManifests('ProvidedSharedAssets', (json, compilation) => {
  const filesOf = new Map();
  for (const module of compilation.modules) {
    // MF's provide-shared module: a lazily provided one loads its chunk group (an async block).
    if (module.constructor.name !== 'ProvideSharedModule' || module.blocks.length === 0) continue;
    const group = compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]);
    if (group)
      filesOf.set(
        module._name,
        group.getFiles().filter((file) => file.endsWith('.js')),
      );
  }
  // A build of MF whose module looks otherwise would leave the lists short without a word.
  if ((json.shared ?? []).length > 0 && filesOf.size === 0)
    throw new Error("ProvidedSharedAssets found none of MF's provide-shared modules: tools/webpack/federation.cjs needs updating");
  for (const shared of json.shared ?? []) {
    const files = filesOf.get(shared.name);
    if (files) shared.assets.js.sync = files;
  }
});

/**
 * The Module Federation plugin of an app: its name and exposes, the shared singletons, the runtime's place.
 * A production entry is named by its content, as every other chunk: the manifest (revalidated on
 * each load, with its validator) names it, and the browser keeps it a year without asking again.
 * Named `remoteEntry.js` and revalidated instead, it was fetched twice by Chrome on a second page
 * of a visit: its preload revalidated the copy the last page left in memory (a 304), and the page's
 * code, not matching that preload, downloaded it whole again.
 */
const federationPlugin = (app, production) =>
  new ModuleFederationPlugin({
    name: app.name,
    filename: production ? 'remoteEntry.[fullhash:12].js' : 'remoteEntry.js',
    exposes: app.exposes || {},
    remotes: {},
    shared: sharedSingletons(app.dir),
    shareStrategy: 'loaded-first',
    // The shared singletons' versions are the release gate's to check, not the runtime's (see the file).
    runtimePlugins: [SINGLETONS_PLUGIN],
    manifest: true,
    dts: false,
    experiments: federationExperiments(Boolean(app.isHost)),
  });

/** What the browser build's federation manifest records beside MF's own: each shared module's files, the runtime it runs on. */
const manifestRecords = (app) => [providedSharedAssets, amendManifest('RecordFederationRuntime', () => ({ federationRuntime: federationRuntimeRecord(Boolean(app.isHost)) }))];

/**
 * The runtime a remote's own page provides (tools/federation-runtime.js), built beside the remote
 * into its dist/ with the remote's settings for the runtime (browser only, no manifest protocol).
 */
function runtimeProviderConfig(app, production) {
  const base = baseConfig(app, production);
  const { DefinePlugin, ProvidePlugin } = require('webpack');
  return {
    ...base,
    name: RUNTIME_PROVIDER,
    target: 'web',
    entry: { [RUNTIME_PROVIDER]: path.join(__dirname, '..', 'federation-runtime.js') },
    // Beside the browser build, which keeps it (and this build cleans nothing of it).
    output: { ...base.output, uniqueName: `${app.name}_${RUNTIME_PROVIDER}`, clean: false },
    plugins: [
      // The plugin, by its file: a package of MF's, not one of the workspace's own dependencies.
      new ProvidePlugin({ injectExternalRuntimeCore: [injectRuntimePluginEsm, 'default'] }),
      new DefinePlugin({
        FEDERATION_RUNTIME_PROVIDER: JSON.stringify(`${app.name} (local host)`),
        ENV_TARGET: JSON.stringify('web'),
        FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
        // As the app's own build (tools/webpack.cjs, noBrowserDebugToggle): no localStorage read as the runtime starts.
        FEDERATION_NO_BROWSER_DEBUG: JSON.stringify(production),
      }),
      ...precompressed(production),
    ],
  };
}

module.exports = { RUNTIME_PROVIDER, amendManifest, federationPlugin, manifestRecords, runtimeAliases, runtimeProviderConfig, sharedSingletons };
