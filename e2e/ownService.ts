// A shell whose user service is this test file's own, so that a test can look in the database
// the site wrote to, or stop the service. The remotes are the shared ones the web server started
// (3001-3003); sign-in uses the shared Firebase Auth emulator.
import { startEmbeddedService } from '@site/service-user/embedded';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { listen, shellApp, type Listening } from '@site/site-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const emulatorHost = `127.0.0.1:${runtimeConfig.ports.auth_emulator}`;

export async function startShellWithOwnService({ shellPort, servicePort }: { shellPort: number; servicePort: number }) {
  const origin = `http://localhost:${shellPort}`;
  // The mail this service sends, one .eml file each, its links leading to this shell.
  const outboxDir = mkdtempSync(join(tmpdir(), 'e2e-outbox-'));
  const service = await startEmbeddedService({
    port: servicePort,
    env: { CORS_ORIGINS: origin, PUBLIC_RATE_LIMIT: '1000', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, MAIL_OUTBOX_DIR: outboxDir, PUBLIC_SITE_URL: origin },
  });
  const shell = await listen(shellApp({ browserConfig: { userServiceUrl: `http://localhost:${servicePort}`, authEmulatorUrl: `http://${emulatorHost}` } }), shellPort);
  return {
    origin,
    serviceUrl: `http://127.0.0.1:${servicePort}`,
    db: service.db,
    outboxDir,
    stopService: service.stop,
    startService: service.start,
    close: async () => {
      await shell.close();
      await service.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * A shell whose server cannot reach the user service (its reads go to a port nobody answers; the
 * browser's go to the site's service): a signed-in page arrives as its loading status, and the
 * browser draws the rest, as when the service is slower than the server's budget or refuses a token.
 */
export async function startShellThatCannotReadTheService(shellPort: number): Promise<Listening & { origin: string }> {
  const shell = await listen(shellApp({ readsServiceUrl: 'http://127.0.0.1:9', browserConfig: { authEmulatorUrl: `http://${emulatorHost}` } }), shellPort);
  return { ...shell, origin: `http://localhost:${shellPort}` };
}
