import { loadConfig } from './environment';
import { openPglite } from './db/database';
import { listenGracefully } from './http/listen';
import { createService } from './service';

/**
 * The service in the caller's process, on a fresh in-memory PGlite: what the end-to-end tests
 * start when they need to look in the database the site wrote to, or to stop the service and
 * start it again (stop() and start() keep the database).
 */
export async function startEmbeddedService({ port, env }: { port: number; env: Record<string, string> }) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const { app, db, mail, deletions, pageChanges } = await createService(config, { db: await openPglite() });
  mail.start();
  deletions.start();
  const listen = () => listenGracefully(app, { port, host: '127.0.0.1' });
  let server: Awaited<ReturnType<typeof listen>> | null = await listen();
  const stop = async () => {
    // The site's servers following page changes are told at once, as a stopping service tells them.
    await pageChanges.stop('the service stopped');
    await server?.close();
    server = null;
  };
  return {
    db,
    mail,
    stop,
    start: async () => {
      server ??= await listen();
    },
    close: async () => {
      await stop();
      await mail.stop();
      await deletions.stop();
      await db.close();
    },
  };
}
