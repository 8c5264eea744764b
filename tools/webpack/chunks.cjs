// Chunking and compression of the production browser builds: the shell's shared code in four
// files, the shell's entry compiled by V8 as it streams in, and every text file compressed once at
// build time.
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

/** Modules of the named packages (a regular expression), installed by pnpm or not. */
const fromPackages = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(${names})[\\\\/]`);

/**
 * What a signed-in page's start runs before React's code has arrived (shell/src/signedIn/: the
 * auth SDK's start, the trial guard's read) and the few small libraries it needs (the ID token's
 * decoding, the service's client, the cookie) are in the site's file, which arrives well before the
 * libraries' (they are the site's code's own too), not in files of their own.
 */
const earlyStartPackages = fromPackages('jose|hono|js-cookie');
const siteCode = /[\\/](shared-ui[\\/]src|contract[\\/]src|shell[\\/]src[\\/]signedIn)[\\/]/;
/**
 * The shell's shared code in four files: React (its renderer and scheduler), the other libraries every
 * page runs (styled-components, i18next, the router, react-query...), the auth SDK (Firebase: the signed-in pages and /login), and
 * the site's own (@site/shared-ui, with the service's contract), which changes with every release
 * where the libraries seldom do (each file content-hashed, cached for good). By default each library
 * is a file of its own, and a signed-in page asked for 17 files of the shell's origin at once, where
 * a browser fetches six at a time over HTTP/1.1, one round trip each (production builds only).
 */
const anyPackage = fromPackages('[^\\\\/]+');
const fieldSpeedPackage = fromPackages('web-vitals');
const SHELL_LIBRARY_CHUNKS = {
  // React's renderer (with React and its scheduler), apart from the other libraries: the browser
  // readies a script it has compiled in the background in one task of the page's (V8's finalising,
  // about 12 ms here for the 400 KB of both): in two files, two tasks of half that.
  renderer: { test: fromPackages('react-dom|react|scheduler'), name: 'react', chunks: 'async', enforce: true, priority: 2 },
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

/**
 * V8's explicit compile hint, a comment that must open the script: compile every function of it as
 * the script streams in, on a background thread, not each one on the main thread when first called.
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** The shell's entry, main.js: the federation runtime, nearly all of it run as it is evaluated. */
const EAGERLY_COMPILED = /^main\.js$/;

/**
 * The shell's entry carries V8's compile hint (production builds). Evaluating main.js runs the
 * federation runtime's start, whose 62 KB module and functions V8 otherwise compiles on the main
 * thread then: the entry's task took half as long with the hint (docs/benchmark.md), below the
 * 10 ms from which Lighthouse's simulation counts a task at all. Added after minification (which
 * would drop the comment or put the licence comment above it) and before the source maps and content
 * hashes are made, so both include it. The other files are left without: the libraries' hold many
 * functions a page never calls, and under Lighthouse the hint lengthened the task in which the
 * browser readies their compiled code.
 */
function eagerlyCompiled(production, isHost) {
  if (!production || !isHost) return [];
  const { BannerPlugin, Compilation } = require('webpack');
  return [new BannerPlugin({ banner: EAGER_COMPILE_HINT, raw: true, include: EAGERLY_COMPILED, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 })];
}

module.exports = { EAGER_COMPILE_HINT, SHELL_LIBRARY_CHUNKS, eagerlyCompiled, precompressed };
