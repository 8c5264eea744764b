// The prerender's Node bundle: the shell's layout and the prerendered pages, compiled as the
// browser builds compile them (same SWC options, same asset names); the shell's server renders
// them with it when it starts (tools/prerender.mjs).
const path = require('node:path');
const { baseConfig } = require('@site/tools/webpack');

const root = path.resolve(__dirname, '..', '..');

/** Where the page's remote serves its assets: known only at run time, put in by the shell's server. */
const REMOTE_PUBLIC_PATH = '__REMOTE_PUBLIC_PATH__/';

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
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
  };
};
module.exports.REMOTE_PUBLIC_PATH = REMOTE_PUBLIC_PATH;
