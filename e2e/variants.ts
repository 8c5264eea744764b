// Playwright's global setup: builds changed copies of the remotes (another h1 on their first
// page, or a page that throws), as their teams would release a new version, into deployment
// folders of their own (<remote>/.variants/<name>/dist). The shell is not rebuilt:
// independence.spec.ts serves them beside the builds in force, release.spec.ts releases them with
// the release command. A copy is rebuilt only when its sources changed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Each variant: the remote it copies, the translations it changes (file → key path → text), and
 * the code it changes (file → [text, its replacement]).
 */
interface Variant {
  remote: string;
  strings: Record<string, Record<string, string>>;
  code?: Record<string, [string, string]>;
}

export const VARIANTS = {
  marketingV2: {
    remote: 'mfe-marketing',
    strings: {
      'src/i18n/ro.json': { 'landing.title': 'Versiunea nouă: ajutăm persoanele nevăzătoare să exploreze lumea cu încredere' },
      'src/i18n/en.json': { 'landing.title': 'New version: we help blind people explore the world with confidence' },
    },
  },
  authV2: {
    remote: 'mfe-auth',
    strings: {
      'src/i18n/ro.json': { 'login.title': 'Autentificare, versiunea nouă' },
      'src/i18n/en.json': { 'login.title': 'Log in, new version' },
    },
  },
  accountV2: {
    remote: 'mfe-account',
    strings: {
      'src/i18n/ro.json': { 'account.welcomeGeneric': 'Bine ați venit în versiunea nouă, utilizatorule!' },
      'src/i18n/en.json': { 'account.welcomeGeneric': 'Welcome to the new version, user!' },
    },
  },
  // A release whose landing page throws on render: a canary that release watch must roll back.
  marketingBroken: {
    remote: 'mfe-marketing',
    strings: {},
    code: {
      'src/features/landing/LandingPage.tsx': [
        'export default function LandingPage() {',
        "export default function LandingPage() {\n  throw new Error('a release whose landing page throws (e2e)');",
      ],
    },
  },
  // A release whose landing page spends 600 ms of main-thread work on each interaction (a press or a
  // key): no error anywhere, a slow page. A canary release watch must roll back on its INP alone.
  marketingSlow: {
    remote: 'mfe-marketing',
    strings: {},
    code: {
      'src/features/landing/LandingPage.tsx': [
        'export default function LandingPage() {',
        `if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) {
    document.addEventListener(type, () => {
      const until = performance.now() + 600;
      while (performance.now() < until) continue;
    });
  }
}
export default function LandingPage() {`,
      ],
    },
  },
} satisfies Record<string, Variant>;

/**
 * A production build, without its minification, source maps and precompressed copies (name.js.br,
 * name.js.gz): what the tests read (pages, manifests, shared versions, the render entry) is the
 * same, and the site's server compresses a file that has no such copy as it sends it. Brotli at
 * its highest quality took half of a copy's build without minification: the five copies took
 * 59 s of CPU with it and 45 s without, and 33 s against 27 s on two cores.
 */
const BUILD_ARGS = ['--mode', 'production', '--config', 'webpack.variant.cjs', '--no-optimization-minimize', '--no-devtool'];
/** The remote's own configuration, without the plugins that write the precompressed copies. */
const VARIANT_CONFIG = `// Written by e2e/variants.ts: the remote's own configuration, without precompressed copies.
// The plugin as the shared build tools load it (tools/webpack/chunks.cjs).
const CompressionPlugin = require(require.resolve('compression-webpack-plugin', { paths: [${JSON.stringify(join(root, 'tools', 'webpack'))}] }));
const own = require('./webpack.config.cjs');
module.exports = (env, argv) =>
  [].concat(own(env, argv)).map((config) => ({ ...config, plugins: (config.plugins || []).filter((plugin) => !(plugin instanceof CompressionPlugin)) }));
`;

export type VariantName = keyof typeof VARIANTS;

export const variantDist = (name: VariantName) => join(root, VARIANTS[name].remote, '.variants', name, 'dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function set(json: Record<string, unknown>, keyPath: string, value: string) {
  const keys = keyPath.split('.');
  let node = json;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  if (typeof node[keys.at(-1) as string] !== 'string') throw new Error(`${keyPath} is not a string to change`);
  node[keys.at(-1) as string] = value;
}

async function build(name: VariantName): Promise<void> {
  const { remote, strings, code = {} }: Variant = VARIANTS[name];
  const source = join(root, remote);
  const copy = join(source, '.variants', name);
  // What the build reads: the remote's sources, the route table (its pages), the shared build tools,
  // and shared-ui (each build bundles its own fallback copy of that singleton).
  const inputs = [
    ...files(join(source, 'src')),
    join(source, 'webpack.config.cjs'),
    join(root, 'shell', 'src', 'app', 'routeTable.json'),
    ...[join(root, 'tools'), join(root, 'shared-ui', 'src')].flatMap((dir) => files(dir).filter((f) => !f.includes('node_modules'))),
  ];
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(relative(root, file)).update(readFileSync(file));
  hash.update(JSON.stringify(strings)).update(JSON.stringify(code)).update(BUILD_ARGS.join(' ')).update(VARIANT_CONFIG);
  const stamp = join(copy, 'built-from');
  const digest = hash.digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(join(copy, 'dist', 'mf-manifest.json'))) return;

  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(join(source, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(source, 'webpack.config.cjs'), join(copy, 'webpack.config.cjs'));
  writeFileSync(join(copy, 'webpack.variant.cjs'), VARIANT_CONFIG);
  for (const [file, changes] of Object.entries(strings)) {
    const json = JSON.parse(readFileSync(join(copy, file), 'utf8'));
    for (const [keyPath, value] of Object.entries(changes as Record<string, string>)) set(json, keyPath, value);
    writeFileSync(join(copy, file), JSON.stringify(json, null, 2));
  }
  for (const [file, [text, replacement]] of Object.entries(code)) {
    const source = readFileSync(join(copy, file), 'utf8');
    if (!source.includes(text)) throw new Error(`${remote}/${file} no longer contains the text the ${name} variant changes: ${text}`);
    writeFileSync(join(copy, file), source.replace(text, replacement));
  }
  // The copy resolves its packages from the remote's own node_modules (one folder up).
  const child = spawn(process.execPath, [join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), ...BUILD_ARGS], {
    cwd: copy,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (status !== 0) throw new Error(`building the ${name} variant of ${remote} failed`);
  writeFileSync(stamp, digest);
}

/** Two builds at a time: a webpack build keeps about one core busy. */
export default async function buildVariants() {
  const queue = Object.keys(VARIANTS) as VariantName[];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) await build(name);
  };
  await Promise.all([worker(), worker()]);
}
