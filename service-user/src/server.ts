import { loadConfig } from './config';
import { listenGracefully } from './http/listen';
import { createService } from './service';

const config = loadConfig();
const { app, db } = await createService(config);
const server = await listenGracefully(app, { port: config.port, host: config.host });

const database = db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
const identity = config.authEmulatorHost ? `Firebase Auth emulator at ${config.authEmulatorHost}` : 'Firebase (Google keys)';
console.log(`service-user listening on http://${config.host}:${server.port} (${database}; ${identity})`);

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await db.close();
    process.exit(0);
  });
}
