// What every build of the workspace shares (sources through SWC, assets, content-hashed chunks),
// and the documents an app emits beside its output.
const path = require('node:path');
const swcOptions = require('../swc.cjs');

/**
 * Where a production build finds react-router (which react-router-dom, inside @site/shared-ui, is
 * made of): its production files. Its package's exports name only its development build, for every
 * condition (remix-run/react-router#12532, #14102), so a bundler takes that one even in production:
 * its warnings and checks (ENABLE_DEV_WARNINGS) ran in what visitors run.
 */
function productionAliases() {
  const routerDom = path.dirname(require.resolve('react-router-dom/package.json', { paths: [path.join(__dirname, '..', '..', 'shared-ui')] }));
  const router = path.dirname(require.resolve('react-router/package.json', { paths: [routerDom] }));
  return {
    'react-router$': path.join(router, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(router, 'dist', 'production', 'dom-export.mjs'),
  };
}

/** What every build shares: sources through SWC, assets as files (small images as data URLs), content-hashed chunks, a library's production files. */
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
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'], alias: production ? productionAliases() : {} },
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
        { test: /\.css$/, type: 'asset/resource', use: path.join(__dirname, '..', 'strip-remote-imports-loader.cjs') },
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

module.exports = { baseConfig, emitDocuments };
