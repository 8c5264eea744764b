// The build's part of server rendering (tools/webpack.cjs calls these): the HTML page every app is
// served with (its inline scripts: the pre-paint rules and the early-event script), and the Node
// build an app publishes for the site's server beside its browser build: the shell's page renderer,
// or a remote's render entry (the contract's RenderEntry, written by ./renderEntryLoader.cjs).
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// The contract and the pre-paint rules are TypeScript: read here through tsx.
const tsx = require('tsx/cjs/api');
const { MARKERS } = tsx.require('../contract.ts', __filename);
const { prePaintScript } = tsx.require('../browser/prePaint.ts', __filename);
const { globalCss } = tsx.require('@site/shared-ui/global-css', __filename);
const { jsonForScriptElement } = tsx.require('../server/handedOverStateElement.ts', __filename);
const { emittedSiteFonts, plainFiguresOf, siteFontsHead, siteFontsPlugin } = require('./siteFonts.cjs');

/** Where an app's server build goes, inside its dist/ (published with it). */
const SERVER_DIR = 'server';

/**
 * What a visitor does on a page the server drew before it has hydrated (../browser/earlyEvents.js),
 * inlined in the shell's HTML without its comments and indentation (it has no comment after code on
 * a line, nor a string spanning lines), called with the markers it listens for.
 */
const earlyEvents = () =>
  `${fs
    .readFileSync(path.join(__dirname, '..', 'browser', 'earlyEvents.js'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n')
    .replace(/\/\*.*?\*\//g, '')
    .replace(/;$/, '')}(${JSON.stringify(MARKERS)});`;

/**
 * The HTML page an app is served with (./pageTemplate.cjs). The shell's is the one the server draws
 * pages into (early events held); `federationRuntime`: a remote's own page, which runs the
 * federation runtime its build takes from the page, from this file beside it. The site's fonts are
 * named in the head of a build that emits them (the shell's: siteFontsPlugin), and the prices'
 * digits carried inline; a remote's own page has none, and draws in the fallback typeface (its
 * digits from the system's fonts).
 */
const pagePlugin = ({ title, isHost = false, federationRuntime = '' }) =>
  new HtmlWebpackPlugin({
    template: path.join(__dirname, 'pageTemplate.cjs'),
    title,
    federationRuntime,
    earlyEvents: isHost ? earlyEvents() : '',
    prePaint: prePaintScript(),
    globalCss: globalCss(),
    markers: MARKERS,
    // Called by the template with its compilation (the template is itself compiled by webpack: it
    // must not require the subsetter).
    siteFonts: (compilation, publicPath) => siteFontsHead(emittedSiteFonts(compilation), publicPath, plainFiguresOf(compilation), jsonForScriptElement),
    inject: 'body',
    scriptLoading: 'defer',
    // The shell's page is served for every address of the site, nested ones too (/a/b): its
    // scripts are named from the root, not relative to the address. A remote's own page stays
    // relative (its build may be served from a folder of a deployment store).
    publicPath: isHost ? '/' : 'auto',
  });

/** The remote's render entry: each exposed page as a lazy import (./renderEntryLoader.cjs). */
const renderEntryOf = (app) => {
  const exposes = Object.fromEntries(Object.entries(app.exposes).map(([name, file]) => [name, path.resolve(app.dir, file)]));
  return `!!${path.join(__dirname, 'renderEntryLoader.cjs')}?${JSON.stringify({ exposes })}!${path.join(app.dir, 'src', 'index.ts')}`;
};

/**
 * The Node build an app publishes for the site's server (in dist/server/, content-hashed, one
 * file): the shell's page renderer (its layout, and the shared singletons it provides: `app.server`),
 * or a remote's render entry (its exposed pages, taking the singletons `sharedNames` from the shell,
 * as in the browser). `base`: the app's browser configuration's common part. `emitted.name` is set
 * to the file's name once written (serverEntryMetaData names it in the app's manifest).
 */
function serverBuildConfig({ app, base, sharedNames, emitted }) {
  const { optimize } = require('webpack');
  return {
    ...base,
    name: 'server',
    target: 'node',
    devtool: false,
    entry: app.isHost ? app.server.entry : renderEntryOf(app),
    output: {
      ...base.output,
      path: path.join(base.output.path, SERVER_DIR),
      filename: 'render.[contenthash:12].js',
      // A remote's pages point at its browser build's folder: set when the server loads the entry.
      publicPath: app.isHost ? '/' : '',
      library: { type: 'commonjs2' },
    },
    externals: app.isHost ? {} : Object.fromEntries(sharedNames.map((name) => [name, `commonjs ${name}`])),
    resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...(app.isHost ? app.server.alias : {}) } },
    // The browser build's rules, writing no asset file (the browser build has them).
    module: { ...base.module, generator: { asset: { emit: false }, 'asset/resource': { emit: false } } },
    optimization: { minimize: false },
    plugins: [
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      {
        apply(compiler) {
          compiler.hooks.afterEmit.tap('RenderEntryName', (compilation) => {
            emitted.name = Object.keys(compilation.assets).find((file) => /^render\.[0-9a-f]+\.js$/.test(file));
          });
        },
      },
    ],
  };
}

/** The server build, as the browser build's federation manifest names it (metaData.ssrRemoteEntry). */
function serverEntryMetaData(emitted) {
  if (!emitted.name) throw new Error('the server build emitted no render entry');
  return { ssrRemoteEntry: { name: emitted.name, path: SERVER_DIR, type: 'commonjs-module' } };
}

module.exports = { SERVER_DIR, pagePlugin, serverBuildConfig, serverEntryMetaData, siteFontsPlugin };
