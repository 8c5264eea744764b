// The one webpack configuration every app uses; the four apps differ only in name and port, and a
// remote's pages are the route table's (remotePages.cjs). Its parts, each in tools/webpack/: the
// federation config (federation.cjs: name, the exposes given, shared, in one place), chunking and
// compression (chunks.cjs), what every build shares (base.cjs); the page template and the render
// build are server rendering's (@site/rendering/build).
const { baseConfig, emitDocuments } = require('./webpack/base.cjs');
const { SHELL_LIBRARY_CHUNKS, eagerlyCompiled, precompressed } = require('./webpack/chunks.cjs');
const { RUNTIME_PROVIDER, amendManifest, federationPlugin, manifestRecords, runtimeAliases, runtimeProviderConfig, sharedSingletons } = require('./webpack/federation.cjs');
// The site server's modules are TypeScript: read here through tsx.
const tsx = require('tsx/cjs/api');
const { devDocuments, ports } = tsx.require('@site/site-server/runtime-config', __filename);
// Server rendering's part of the build: the HTML page, the server build (@site/rendering).
const { SERVER_DIR, pagePlugin, serverBuildConfig, serverEntryMetaData, siteFontsPlugin } = require('@site/rendering/build');
const { remotePages } = require('./remotePages.cjs');

/** Names the server build in the browser build's federation manifest (metaData.ssrRemoteEntry). */
const linkServerBuild = (emitted) => amendManifest('LinkServerBuild', () => serverEntryMetaData(emitted));

/**
 * A production build's federation runtime does not ask localStorage, as it starts, whether the
 * devtools turned its debugging on (patches/@module-federation__sdk: localStorage's first read on
 * a page costs tens of milliseconds of its main thread); a development build keeps the toggle.
 */
function noBrowserDebugToggle(production) {
  const { DefinePlugin } = require('webpack');
  return new DefinePlugin({ FEDERATION_NO_BROWSER_DEBUG: JSON.stringify(production) });
}

/**
 * A remote's build exposes the route table's pages of it; its local host (shared-ui's
 * mountLocalHost) routes them, from LOCAL_PAGES.
 */
function withPages(app) {
  if (app.isHost) return { app, plugins: [] };
  const { exposes, pages } = remotePages(app.dir, app.name);
  const { DefinePlugin } = require('webpack');
  return { app: { ...app, exposes }, plugins: [new DefinePlugin({ LOCAL_PAGES: JSON.stringify(pages) })] };
}

/**
 * @param {{ dir: string, name: string, title: string, isHost?: boolean, documents?: Record<string, unknown>,
 *           render?: boolean, server?: { entry: string, alias: Record<string, string> } }} options
 *   render: a remote whose pages the site's server may prerender publishes a render entry;
 *   server: the shell's page renderer (its entry, and the stand-in for the federation loader)
 */
function createAppConfig(options) {
  return (_env, argv) => {
    const { app, plugins: pagePlugins } = withPages(options);
    const production = argv.mode !== 'development';
    const base = baseConfig(app, production);
    const browser = {
      ...base,
      entry: './src/index.ts',
      ...(app.isHost && production && { optimization: { splitChunks: { cacheGroups: SHELL_LIBRARY_CHUNKS } } }),
      resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...runtimeAliases } },
      plugins: [
        federationPlugin(app, production),
        pagePlugin({ title: app.title, isHost: app.isHost, federationRuntime: app.isHost ? '' : `${RUNTIME_PROVIDER}.js` }),
        // The site's fonts, with the page that loads them (the shell's, at the site's root).
        ...(app.isHost ? [siteFontsPlugin()] : []),
        emitDocuments(app.documents || {}),
        ...pagePlugins,
        ...manifestRecords(app),
        ...eagerlyCompiled(production, Boolean(app.isHost)),
        ...precompressed(production),
        noBrowserDebugToggle(production),
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
