// The same site built as one ordinary webpack bundle (no Module Federation): the benchmark's
// baseline. The shell's entry, with the federation loader swapped for plain lazy imports of the
// remotes' pages (bundledPages.ts), and a server build of the same pages so that its public pages are
// served prerendered too, as the federated site's are (bench/run.mjs). Compiling the remotes'
// sources into one bundle is the one declared exception to the board's boundaries
// (.dependency-cruiser.cjs): it exists to measure what federation costs.
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { baseConfig, precompressed } = require('@site/tools/webpack');
const { SERVER_DIR, pagePlugin, serverBuildConfig, siteFontsPlugin } = require('@site/rendering/build');
const { REMOTE_APPS } = require('tsx/cjs/api').require('@site/shared-ui/site-apps', __filename);
const { remotePages } = require('@site/tools/remote-pages');

const root = path.resolve(__dirname, '..', '..');
const federation = path.join(root, 'shell', 'src', 'remotes', 'federation.ts');

/**
 * exposedPages.js (typed by exposedPages.d.ts): every page each remote exposes (the route table's,
 * tools/remotePages.cjs), a lazy import of its source keyed `<remote>/<module>`.
 */
function writeExposedPages() {
  const lines = REMOTE_APPS.flatMap(({ name, folder }) => {
    const appDir = path.join(root, folder);
    return Object.entries(remotePages(appDir, name).exposes).map(
      ([module, file]) => `  ${JSON.stringify(`${name}/${module.replace(/^\.\//, '')}`)}: () => import(${JSON.stringify(path.resolve(appDir, file))}),`,
    );
  });
  writeFileSync(
    path.join(__dirname, 'exposedPages.js'),
    `// Written by webpack.config.cjs from the remotes' pages: do not edit.\nexport const exposedPages = {\n${lines.join('\n')}\n};\n`,
  );
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  writeExposedPages();
  const base = baseConfig({ dir: path.join(root, 'shell'), name: 'single_bundle', outputPath: path.join(__dirname, 'dist') }, production);
  return [
    {
      ...base,
      name: 'browser',
      entry: './src/bootstrap.tsx',
      output: { ...base.output, clean: { keep: new RegExp(`^${SERVER_DIR}/`) } },
      resolve: { ...base.resolve, alias: { ...base.resolve.alias, [federation]: path.join(__dirname, 'bundledPages.ts') } },
      // The shell's page, with the site's fonts as the shell's build emits them.
      plugins: [pagePlugin({ title: 'Vedere', isHost: true }), siteFontsPlugin(), ...precompressed(production)],
    },
    // Its page renderer, built as the shell's is (a host's server build).
    serverBuildConfig({
      app: { isHost: true, server: { entry: path.join(__dirname, 'render.tsx'), alias: { [federation]: path.join(root, 'shell', 'src', 'server', 'serverPages.ts') } } },
      base,
      sharedNames: [],
      emitted: {},
    }),
  ];
};
