import { serve } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from './errors';

// env: Node's own request and response (@hono/node-server's bindings), which the app reads through http/nodeMessages.ts.
type FetchApp = { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };

export interface ListenOptions {
  port: number;
  host: string;
  /** close() ends the connections still open after this long (default 10 s). */
  shutdownTimeoutMs?: number;
  /** While closing, this path answers 503 at once, so a load balancer stops sending traffic. */
  readinessPath?: string;
}

/** The same response, told to close its connection (a response's own headers may be immutable). */
function closingConnection(response: Response): Response {
  try {
    response.headers.set('Connection', 'close');
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('Connection', 'close');
    return copy;
  }
}

/**
 * Serves an app. close() turns readiness off at once (`readinessPath` answers 503) and keeps
 * serving, each answer closing its connection, until no request is in flight: a load balancer
 * that has not yet seen the 503 still gets answers. Then it stops accepting connections and
 * resolves once every connection is closed, so the caller can close the database after the last
 * query. Whatever is still open `shutdownTimeoutMs` after close() is closed by force: Node stops
 * timing out slow request headers once it stops listening, so a client trickling its headers
 * would otherwise hold the process forever.
 */
export function listenGracefully(app: FetchApp, { port, host, shutdownTimeoutMs = 10_000, readinessPath }: ListenOptions) {
  let inFlight = 0;
  let closing: Promise<void> | null = null;
  let stopListening = () => {};
  const fetch = async (request: Request, env: unknown): Promise<Response> => {
    if (closing && readinessPath && new URL(request.url).pathname === readinessPath) {
      return Response.json(errorBody('shutting_down', 'The service is shutting down.'), { status: 503, headers: { Connection: 'close' } });
    }
    inFlight += 1;
    try {
      const response = await app.fetch(request, env);
      // An answer already written to Node's response (a stream) has no headers left to set.
      return closing && response !== RESPONSE_ALREADY_SENT ? closingConnection(response) : response;
    } finally {
      inFlight -= 1;
      if (closing && inFlight === 0) stopListening();
    }
  };
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
      const http = server as Server;
      resolve({
        port: info.port,
        close: () =>
          (closing ??= new Promise<void>((done, fail) => {
            let stopped = false;
            const forceClose = setTimeout(() => {
              stopListening();
              http.closeAllConnections();
            }, shutdownTimeoutMs);
            stopListening = () => {
              if (stopped) return;
              stopped = true;
              // Also closes the idle keep-alive connections.
              http.close((error) => {
                clearTimeout(forceClose);
                if (error) fail(error);
                else done();
              });
            };
            if (inFlight === 0) stopListening();
          })),
      });
    });
    server.on('error', reject);
  });
}
