#!/usr/bin/env node
// Runs pnpm (the version pinned in package.json) with the given arguments, after installing
// the workspace's dependencies. Needs only Node.js: when pnpm is missing it is installed into
// .tools/ with npm (corepack is not relied on; its signature check fails on some machines).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localBin = join(root, '.tools', 'pnpm', 'node_modules', '.bin');

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpmVersion(env) {
  const r = spawnSync('pnpm', ['--version'], { cwd: root, env, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const env = { ...process.env, PATH: `${localBin}:${process.env.PATH}`, npm_config_update_notifier: 'false' };
if (pnpmVersion(env) !== pinned) {
  console.log(`[setup] installing pnpm ${pinned} into .tools/pnpm`);
  const status = run('npm', ['install', '--no-audit', '--no-fund', '--prefix', join(root, '.tools', 'pnpm'), `pnpm@${pinned}`], env);
  if (status !== 0 || !existsSync(join(localBin, 'pnpm'))) {
    console.error('[setup] could not install pnpm');
    process.exit(1);
  }
}

const install = run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], env);
if (install !== 0) process.exit(install);
process.exit(run('pnpm', process.argv.slice(2), env));
