// One of the site's servers, alone, as a replica behind a load balancer: the shell with its
// runtime documents and pages, on PORT (default the shell's). The remotes document comes from the
// release state (RELEASE_STORE, releaseState.ts): the folder's file, read on every request, or
// PostgreSQL's, kept in memory and told of every change. Replicas share nothing but configuration:
// the same PREVIEW_SECRET and VIEW_TOKEN_SECRET let a preview pin or a view token made by one
// verify on any other; render caches are each process's own; rate limits are the user service's.
import { siteEnv } from './config';
import { siteLogger } from './logging';
import { listen } from './connections';
import { folderHealth, withDocumentHealth } from './documentHealth';
import { liveRemotesDocument, rereadMsOf, storeConfig } from './releaseState';
import { manifestPolicy, ports, remotesDocument } from './runtimeConfig';
import { shellApp } from './siteServers';

const env = siteEnv();
const hostname = env.HOST || '127.0.0.1';

try {
  const config = storeConfig(env, { versions: false });
  const live =
    config.kind === 'postgres+s3'
      ? await liveRemotesDocument({
          ...config,
          rereadMs: rereadMsOf(env),
          policy: manifestPolicy(env),
          // Before the first release: each remote on its own port, as with no folder document.
          fallback: () => remotesDocument(env, { deployStore: false }),
          log: { error: (message) => siteLogger.error(message), info: (message) => siteLogger.info(message) },
        })
      : null;
  const app = withDocumentHealth(shellApp({ remotes: live?.read, dist: env.SHELL_DIST || undefined }), live?.health ?? folderHealth);
  const server = await listen(app, env.PORT ? Number(env.PORT) : ports.shell, hostname);
  siteLogger.info(`listening ${server.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      await server.close();
      await live?.close();
      process.exit(0);
    });
  }
} catch (error) {
  siteLogger.fatal(`The site's server does not start: ${(error as Error).message}`);
  process.exit(1);
}
