/**
 * The service as `npm start` runs it (src/server.ts's wiring, production settings, RS256 tokens
 * against the bench's key set), except that Identity Toolkit is the bench's fake at
 * IDENTITY_TOOLKIT_HOST: production mode refuses an emulator host, and the deletion bench needs
 * one. BENCH_SERVICE_ROOT runs another copy of service-user (an earlier version) the same way.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.BENCH_SERVICE_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadConfig } = await import(join(root, 'src/environment.ts'));
const { createService } = await import(join(root, 'src/service.ts'));
const { createFirebaseUserDeleter } = await import(join(root, 'src/identity/firebaseAccounts.ts'));
const { listenGracefully } = await import(join(root, 'src/http/listen.ts'));

const config = loadConfig(process.env);
const deleteFirebaseUser = createFirebaseUserDeleter({ firebaseApiKey: 'bench-api-key', authEmulatorHost: process.env.IDENTITY_TOOLKIT_HOST });
const { app, db } = await createService(config, { deleteFirebaseUser });
const server = await listenGracefully(app, { port: config.port, host: config.host, readinessPath: '/readyz' });
console.log(`listening on ${server.port}`);
process.on('SIGTERM', async () => {
  await server.close();
  await db.close();
  process.exit(0);
});
