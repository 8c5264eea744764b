// The one webpack configuration every app uses; the four apps differ only in name, port and
// exposes. Federation config (name, exposes, shared) stands here, in one place.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

// Module Federation loads webpack internals by path; with pnpm's strict layout it must be told
// which webpack the build runs on.
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { devDocuments } = require('./runtime-config.cjs');
const swcOptions = require('./swc.cjs');

/** The installed version of a dependency, as the app resolves it (pinned once in the catalog). */
const catalogVersion = (dir, pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [dir] })).version;

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
  };
}

/** What every build shares: sources through SWC, assets as files, content-hashed chunks. */
function baseConfig({ dir, name, outputPath = path.join(dir, 'dist') }, production) {
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
        { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
        // Stylesheets of third-party widgets are files, linked only by the page that needs them.
        { test: /\.css$/, type: 'asset/resource', use: path.join(__dirname, 'strip-remote-imports-loader.cjs') },
      ],
    },
    performance: { hints: false },
  };
}

/**
 * What a visitor does on a prerendered page before it has hydrated (tools/early-events.js), inlined
 * in the shell's HTML without its comments and indentation (it has no comment after code on a
 * line, nor a string spanning lines).
 */
const earlyEvents = () =>
  fs.readFileSync(path.join(__dirname, 'early-events.js'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n')
    .replace(/\/\*.*?\*\//g, '');

/** The HTML page every app is served with (tools/index.html.cjs). */
const htmlPage = ({ title, isHost = false, prerendered = isHost }) =>
  new HtmlWebpackPlugin({
    template: path.join(__dirname, 'index.html.cjs'),
    title,
    isHost,
    earlyEvents: prerendered ? earlyEvents() : '',
    inject: 'body',
    scriptLoading: 'defer',
  });

/** Emits documents beside the build's output (the shell's routes.json, read by its server). */
const emitDocuments = (documents) => ({
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitDocuments', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitDocuments', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [file, value] of Object.entries(documents)) compilation.emitAsset(file, new sources.RawSource(JSON.stringify(value)));
      });
    });
  },
});

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string, string>,
 *           title: string, isHost?: boolean, documents?: Record<string, unknown> }} app
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      ...baseConfig(app, production),
      entry: './src/index.ts',
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
        }),
        htmlPage(app),
        emitDocuments(app.documents || {}),
      ],
      devServer: {
        port: app.port,
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
  };
}

module.exports = createAppConfig;
module.exports.baseConfig = baseConfig;
module.exports.htmlPage = htmlPage;
