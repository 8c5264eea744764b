#!/usr/bin/env node
// Serves the production build of the whole site with embedded defaults: the shell on :3000,
// each remote on its own port as independent deployments would be, and the user service on
// :8787 (embedded PGlite in service-user/.data). Used by the README's start command and by e2e.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import runtimeConfig from './runtime-config.cjs';
import { remoteApp, shellApp } from './site-servers.mjs';
import { listen } from './static-server.mjs';

const { ports, remoteNames } = runtimeConfig;
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const hostname = process.env.HOST || '127.0.0.1';

const service = spawn(join(root, 'service-user', 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
  cwd: join(root, 'service-user'),
  env: { PORT: String(ports.service_user), ...process.env },
  stdio: ['ignore', 'inherit', 'inherit'],
});
service.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`service-user stopped (${signal ?? code}); the site keeps running without it`);
  }
});

const servers = await Promise.all([
  listen(shellApp(), ports.shell, hostname),
  ...remoteNames.map((name) => listen(remoteApp(name), ports[name], hostname)),
]);
console.log(`Site ready on http://localhost:${ports.shell} (remotes on ${servers.slice(1).map((s) => s.port).join(', ')}; user service on ${ports.service_user})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    stopping = true;
    service.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.close()));
    process.exit(0);
  });
}
