import { ConfigError, loadConfig, type Config } from './environment';
import { DataDirInUseError, DatabaseUnavailableError } from './db/database';
import { listenGracefully } from './http/listen';
import { createLogger } from './http/logging';
import { createService } from './service';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line an operator reads in the deployment's log, naming the variable to fix.
  console.error(`service-user refuses to start: ${error.message}`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);
let service: Awaited<ReturnType<typeof createService>>;
try {
  service = await createService(config, { logger, processMetrics: true });
} catch (error) {
  if (!(error instanceof DatabaseUnavailableError || error instanceof DataDirInUseError)) throw error;
  // Bounded retries are over (or the data folder is another process's): one clear line, then a non-zero exit.
  logger.fatal({ reason: error.message }, `service-user refuses to start: ${error.message}`);
  logger.flush();
  process.exit(1);
}
const { app, db, mail, deletions, retention, pageChanges } = service;
const server = await listenGracefully(app, {
  port: config.port,
  host: config.host,
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  readinessPath: '/readyz',
});

const database = db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
const identity = config.authEmulatorHost ? `Firebase Auth emulator at ${config.authEmulatorHost}` : 'Firebase (Google keys)';
mail.start();
deletions.start();
retention.start();
logger.info({ url: `http://${config.host}:${server.port}`, database, identity, mail: mail.transport.description }, 'service-user listening');
if (config.mail.transport.kind === 'outbox') {
  // Local mode without SMTP_URL: where to read what the site "sent".
  logger.info({ outbox: config.mail.transport.dir }, `mail is not sent: each message is written to ${config.mail.transport.dir} (one .eml file each)`);
}

// Shutdown: readiness off at once, requests in flight finish, connections still open at the
// deadline are closed, then the database (PGlite writes its last pages and frees its folder).
// A second signal changes nothing (a wrapper such as tsx may relay the same one): the deadline bounds the stop.
const CLOSE_DATABASE_GRACE_MS = 5_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, shutdownTimeoutMs: config.shutdownTimeoutMs }, 'stopping: not ready any more, finishing the requests in flight');
    setTimeout(() => {
      logger.error('the database did not close in time: stopping anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs + CLOSE_DATABASE_GRACE_MS).unref();
    // Readiness off at once; the site's servers following page changes are told at once too (they
    // read every page until they follow another replica), which ends their streams for the close.
    const closing = server.close();
    await Promise.all([closing, pageChanges.close()]);
    await mail.stop();
    await deletions.stop();
    await retention.stop();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  });
}
