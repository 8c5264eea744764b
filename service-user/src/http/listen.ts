import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

type FetchApp = { fetch: (request: Request) => Response | Promise<Response> };

/**
 * Serves an app; close() stops accepting connections, lets the requests in flight finish,
 * and only then resolves (so the caller can close the database after the last query).
 */
export function listenGracefully(app: FetchApp, { port, host }: { port: number; host: string }) {
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.on('error', reject);
  });
}
