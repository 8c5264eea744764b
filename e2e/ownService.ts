// A shell whose user service is this test file's own, so that a test can look in the database
// the site wrote to. The remotes are the shared ones the web server started (3001-3003).
import { startEmbeddedService } from '@site/service-user/embedded';
import { shellApp } from '@site/tools/site-servers';
import { listen } from '@site/tools/static-server';

export async function startShellWithOwnService({ shellPort, servicePort }: { shellPort: number; servicePort: number }) {
  const origin = `http://localhost:${shellPort}`;
  const service = await startEmbeddedService({ port: servicePort, env: { CORS_ORIGINS: origin, PUBLIC_RATE_LIMIT: '1000' } });
  const shell = await listen(shellApp({ browserConfig: { userServiceUrl: `http://localhost:${servicePort}` } }), shellPort);
  return {
    origin,
    db: service.db,
    close: async () => {
      await shell.close();
      await service.close();
    },
  };
}
