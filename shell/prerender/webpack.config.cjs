// The prerender's Node bundle: the shell's layout and the prerendered pages, compiled as the
// browser builds compile them (same SWC options, same asset names); the shell's server renders
// them with it when it starts (tools/prerender.mjs).
const fs = require('node:fs');
const path = require('node:path');
const { baseConfig } = require('@site/tools/webpack');

const root = path.resolve(__dirname, '..', '..');

/** Where the page's remote serves its assets: known only at run time, put in by the shell's server (the same stand-in in tools/prerender.mjs). */
const REMOTE_PUBLIC_PATH = '__REMOTE_PUBLIC_PATH__/';

/**
 * The render bundle compiles the remotes' pages from source: it matches a remote's deployment
 * only if that deployment was built from the same source. Beside the bundle goes, for each
 * prerendered page, the files its remote's build (made just before, by the root build script)
 * lists for that page; the server prerenders a page only while its remote's manifest in force
 * lists the same files (tools/prerender.mjs).
 */
const recordRemoteBuilds = {
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RecordRemoteBuilds', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RecordRemoteBuilds', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const table = require('../src/app/routeTable.json');
        const files = {};
        for (const route of table.routes.filter((r) => r.prerender)) {
          const { remote, module } = table.pages[route.page];
          const manifest = JSON.parse(fs.readFileSync(path.join(root, remote.replace('_', '-'), 'dist', 'mf-manifest.json'), 'utf8'));
          const exposed = manifest.exposes.find((e) => e.path === module);
          if (!exposed) throw new Error(`${remote}'s build does not expose ${module}`);
          files[route.path] = exposed.assets.js.sync;
        }
        compilation.emitAsset('built-against.json', new sources.RawSource(JSON.stringify(files, null, 2)));
      });
    });
  },
};

module.exports = (_env, argv) => {
  const base = baseConfig({ dir: __dirname, name: 'prerender', outputPath: path.join(root, 'shell', '.prerender') }, argv.mode !== 'development');
  return {
    ...base,
    target: 'node',
    devtool: false,
    entry: './renderPage.tsx',
    output: { ...base.output, filename: 'render.cjs', publicPath: REMOTE_PUBLIC_PATH, library: { type: 'commonjs2' } },
    resolve: {
      ...base.resolve,
      alias: { [path.join(root, 'shell', 'src', 'remotes', 'federation.ts')]: path.join(__dirname, 'pages.ts') },
    },
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }), recordRemoteBuilds],
  };
};
