#!/usr/bin/env node
// Installs a build of the system's Chromium (tools/chromium.mjs) with apt-get when it is missing
// and we are allowed to:
//   node tools/ensure-chromium.mjs headless-shell   the end-to-end tests' browser
//   node tools/ensure-chromium.mjs                  the benchmark's browser (the full Chromium)
// CHROMIUM_PATH names another browser for both, and is then only checked.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { BROWSERS, chromiumPath } from './chromium.mjs';

const kind = process.argv[2] ?? 'chromium';
const wanted = BROWSERS[kind];
if (!wanted) {
  console.error(`Unknown browser "${kind}": one of ${Object.keys(BROWSERS).join(', ')}.`);
  process.exit(2);
}
const path = chromiumPath(kind);

if (!existsSync(path)) {
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install it (Debian: sudo apt-get install -y ${wanted.aptPackage}) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log(`[setup] installing ${wanted.aptPackage} with apt-get`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', wanted.aptPackage],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
