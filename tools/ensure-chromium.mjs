#!/usr/bin/env node
// The system's Chromium (browser downloads are not available here), installed with apt-get when it
// is missing and we are allowed to:
//   node tools/ensure-chromium.mjs headless-shell   the end-to-end tests' browser (Debian's
//                                                    chromium-headless-shell: the build Playwright runs
//                                                    headless, a third lighter than the full browser)
//   node tools/ensure-chromium.mjs                  the benchmark's browser (Lighthouse measures the
//                                                    full Chromium, as visitors have it)
// CHROMIUM_PATH names another browser for both, and is then only checked.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const browsers = {
  chromium: { path: '/usr/bin/chromium', aptPackage: 'chromium' },
  'headless-shell': { path: '/usr/bin/chromium-headless-shell', aptPackage: 'chromium-headless-shell' },
};

const wanted = browsers[process.argv[2] ?? 'chromium'];
if (!wanted) {
  console.error(`Unknown browser "${process.argv[2]}": one of ${Object.keys(browsers).join(', ')}.`);
  process.exit(2);
}
const path = process.env.CHROMIUM_PATH || wanted.path;

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
