// The one webpack configuration every app uses; the four apps differ only in name, port and
// exposes. Federation config (name, exposes, shared) stands here, in one place.
const fs = require('node:fs');
const path = require('node:path');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

// Module Federation loads webpack internals by path; with pnpm's strict layout it must be told
// which webpack the build runs on.
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const swcOptions = require('./swc.cjs');
// The site server's modules are TypeScript: read here through tsx.
const tsx = require('tsx/cjs/api');
const { devDocuments, ports } = tsx.require('@site/site-server/runtime-config', __filename);
// Server rendering's part of the build: the HTML page, the server build (@site/rendering).
const { SERVER_DIR, pagePlugin, serverBuildConfig, serverEntryMetaData, siteFontsPlugin } = require('@site/rendering/build');

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

/** Modules of the named packages (a regular expression), installed by pnpm or not. */
const fromPackages = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(${names})[\\\\/]`);

/**
 * What a signed-in page's start runs before React's code has arrived (shell/src/signedIn/: the
 * auth SDK's start, the trial guard's read) and the few small libraries it needs (the ID token's
 * decoding, the service's client, the cookie) are in the site's file, which arrives well before the
 * libraries' (they are the site's code's own too), not in files of their own.
 */
const earlyStartPackages = fromPackages('jose|hono|js-cookie');
const siteCode = /[\\/](shared-ui[\\/]src|service-user[\\/]src|shell[\\/]src[\\/]signedIn)[\\/]/;
/**
 * The shell's shared code in three files: the libraries every page runs (React, styled-components,
 * i18next, the router, react-query...), the auth SDK (Firebase: the signed-in pages and /login), and
 * the site's own (@site/shared-ui, with the service's contract), which changes with every release
 * where the libraries seldom do (each file content-hashed, cached for good). By default each library
 * is a file of its own, and a signed-in page asked for 17 files of the shell's origin at once, where
 * a browser fetches six at a time over HTTP/1.1, one round trip each (production builds only).
 */
const anyPackage = fromPackages('[^\\\\/]+');
const fieldSpeedPackage = fromPackages('web-vitals');
const SHELL_LIBRARY_CHUNKS = {
  authSdk: { test: fromPackages('@firebase|firebase|idb|tslib'), name: 'firebase', chunks: 'async', enforce: true, priority: 2 },
  // Every library but the field-speed one (shell/src/remotes/vitals.ts), imported once the page is
  // idle: it stays in the file of its own that import() makes, never in the libraries' file that
  // hydration waits for.
  libraries: {
    test: (module) => {
      const resource = module.nameForCondition?.() ?? '';
      return anyPackage.test(resource) && !fieldSpeedPackage.test(resource);
    },
    name: 'vendor',
    chunks: 'async',
    enforce: true,
    priority: 1,
  },
  siteCode: {
    test: (module) => {
      const resource = module.nameForCondition?.() ?? '';
      return siteCode.test(resource) || earlyStartPackages.test(resource);
    },
    name: 'site',
    chunks: 'async',
    enforce: true,
    priority: 2,
  },
};

/**
 * A production browser build's text files, compressed once at build time beside each file
 * (name.js.br, name.js.gz), at the highest settings: a static host or CDN sends them as they are
 * (the site's server does: site-server/src/staticServer.ts), instead of compressing every response
 * again, at a lower level, while the visitor waits. Brotli is about 13% smaller than gzip here.
 * Code and styles only: the manifests are amended after this stage (amendManifests), and stay
 * compressed per response, as the documents are.
 */
const COMPRESSED = /\.(js|css|svg)$/;
const COMPRESSIONS = [
  { extension: 'br', algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } } },
  { extension: 'gz', algorithm: 'gzip', compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION } },
];
const precompressed = (production) =>
  production
    ? COMPRESSIONS.map(
        ({ extension, algorithm, compressionOptions }) =>
          new CompressionPlugin({ test: COMPRESSED, filename: `[path][base].${extension}`, algorithm, compressionOptions, minRatio: 0.9 }),
      )
    : [];

/** What every build shares: sources through SWC, assets as files (small images as data URLs), content-hashed chunks. */
function baseConfig({ dir, name, outputPath = path.join(dir, 'dist') }, production) {
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // Production maps are written for error reports, not named in the scripts nor served (SOURCE_MAPS=public serves them).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputPath,
      publicPath: 'auto',
      // Entries keep stable names (revalidated on each load); every other chunk is content-hashed.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: swcOptions() },
        },
        // An image under 4 KB is written into the code (and a prerendered page's HTML) as a data URL:
        // no request, to the remote's address, before the page is drawn.
        { test: /\.(png|jpe?g|webp|avif|svg)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
        { test: /\.woff2?$/, type: 'asset/resource' },
        // Stylesheets of third-party widgets are files, linked only by the page that needs them.
        { test: /\.css$/, type: 'asset/resource', use: path.join(__dirname, 'strip-remote-imports-loader.cjs') },
      ],
    },
    performance: { hints: false },
  };
}

/**
 * Emits documents beside the build's output (the shell's routes.json, read by its server; its
 * icons and web app manifest): a Buffer as it is, anything else as JSON.
 */
const emitDocuments = (documents) => ({
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitDocuments', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitDocuments', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [file, value] of Object.entries(documents)) compilation.emitAsset(file, new sources.RawSource(Buffer.isBuffer(value) ? value : JSON.stringify(value)));
      });
    });
  },
});

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
  if ((json.shared ?? []).length > 0 && filesOf.size === 0) throw new Error("ProvidedSharedAssets found none of MF's provide-shared modules: tools/webpack.cjs needs updating");
  for (const shared of json.shared ?? []) {
    const files = filesOf.get(shared.name);
    if (files) shared.assets.js.sync = files;
  }
});

/** Names the server build in the browser build's federation manifest (metaData.ssrRemoteEntry). */
const linkServerBuild = (emitted) => amendManifest('LinkServerBuild', () => serverEntryMetaData(emitted));

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
    entry: { [RUNTIME_PROVIDER]: path.join(__dirname, 'federation-runtime.js') },
    // Beside the browser build, which keeps it (and this build cleans nothing of it).
    output: { ...base.output, uniqueName: `${app.name}_${RUNTIME_PROVIDER}`, clean: false },
    plugins: [
      // The plugin, by its file: a package of MF's, not one of the workspace's own dependencies.
      new ProvidePlugin({ injectExternalRuntimeCore: [injectRuntimePluginEsm, 'default'] }),
      new DefinePlugin({
        FEDERATION_RUNTIME_PROVIDER: JSON.stringify(`${app.name} (local host)`),
        ENV_TARGET: JSON.stringify('web'),
        FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
      }),
      ...precompressed(production),
    ],
  };
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string, string>,
 *           title: string, isHost?: boolean, documents?: Record<string, unknown>,
 *           render?: boolean, server?: { entry: string, alias: Record<string, string> } }} app
 *   render: a remote whose pages the site's server may prerender publishes a render entry;
 *   server: the shell's page renderer (its entry, and the stand-in for the federation loader)
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const base = baseConfig(app, production);
    const browser = {
      ...base,
      entry: './src/index.ts',
      ...(app.isHost && production && { optimization: { splitChunks: { cacheGroups: SHELL_LIBRARY_CHUNKS } } }),
      resolve: { ...base.resolve, alias: runtimeAliases },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes || {},
          remotes: {},
          shared: sharedSingletons(app.dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: federationExperiments(Boolean(app.isHost)),
        }),
        pagePlugin({ title: app.title, isHost: app.isHost, federationRuntime: app.isHost ? '' : `${RUNTIME_PROVIDER}.js` }),
        // The site's fonts, with the page that loads them (the shell's, at the site's root).
        ...(app.isHost ? [siteFontsPlugin()] : []),
        emitDocuments(app.documents || {}),
        providedSharedAssets,
        amendManifest('RecordFederationRuntime', () => ({ federationRuntime: federationRuntimeRecord(Boolean(app.isHost)) })),
        ...precompressed(production),
      ],
      devServer: {
        // Each app's port is the site's runtime configuration (site-server/src/runtimeConfig.ts).
        port: ports[app.name],
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: false },
        // The same runtime documents as the production server (/config.js, and the host's /remotes.json).
        setupMiddlewares: (middlewares, devServer) => {
          devDocuments(devServer, { withRemotes: Boolean(app.isHost) });
          return middlewares;
        },
      },
    };
    // A remote's own page runs the runtime it provides (built beside it, kept by its clean).
    const provider = app.isHost ? [] : [runtimeProviderConfig(app, production)];
    const keep = new RegExp(`^(${SERVER_DIR}/|${RUNTIME_PROVIDER}\\.js)`);
    // The dev servers render in the browser only.
    if (!production || !(app.render || app.server)) {
      return app.isHost ? browser : [...provider, { ...browser, name: 'browser', output: { ...browser.output, clean: { keep } } }];
    }
    const emitted = {};
    return [
      serverBuildConfig({ app, base, sharedNames: Object.keys(sharedSingletons(app.dir)), emitted }),
      ...provider,
      {
        ...browser,
        name: 'browser',
        dependencies: ['server'],
        output: { ...browser.output, clean: { keep } },
        plugins: [...browser.plugins, linkServerBuild(emitted)],
      },
    ];
  };
}

module.exports = createAppConfig;
module.exports.baseConfig = baseConfig;
module.exports.precompressed = precompressed;
module.exports.sharedSingletons = sharedSingletons;
module.exports.RUNTIME_PROVIDER = RUNTIME_PROVIDER;
