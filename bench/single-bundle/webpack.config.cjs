// The same site built as one ordinary webpack bundle (no Module Federation): the benchmark's
// baseline. The shell's entry, with the federation loader swapped for plain lazy imports; its
// marketing pages are served prerendered too, as the federated site's are (bench/run.mjs).
const path = require('node:path');
const { baseConfig, htmlPage } = require('@site/tools/webpack');

const root = path.resolve(__dirname, '..', '..');

module.exports = (_env, argv) => {
  const base = baseConfig({ dir: path.join(root, 'shell'), name: 'single_bundle', outputPath: path.join(__dirname, 'dist') }, argv.mode !== 'development');
  return {
    ...base,
    entry: './src/bootstrap.tsx',
    resolve: {
      ...base.resolve,
      alias: { [path.join(root, 'shell', 'src', 'remotes', 'federation.ts')]: path.join(__dirname, 'pages.ts') },
    },
    plugins: [htmlPage({ title: 'Vedere', prerendered: true })],
  };
};
