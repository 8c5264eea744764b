#!/usr/bin/env node
// The end-to-end tests drive the system Chromium (browser downloads are not available here).
// Installs it with apt-get when it is missing and we are allowed to.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromiumPath}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('[setup] installing Chromium with apt-get');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
