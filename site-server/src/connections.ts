// What one connection, and one address, may hold of a server of the site (the site's, a remote's,
// the deployment store's): Node's own server options where they do the job, and the one thing they
// do not, answering a connection's pipelined requests one at a time.
//
// - requestTimeout, headersTimeout: a request must arrive whole, its headers first, within these
//   (408 and closed otherwise); checked every connectionsCheckingInterval.
// - keepAliveTimeout: an idle kept-alive connection is closed after this.
// - maxRequestsPerSocket: a connection is closed after this many requests (the last one is answered
//   with Connection: close; more pipelined past it get 503).
// - timeout (the socket's inactivity timeout): a connection on which no byte moves either way for
//   this long is closed. A client that stops reading stops our writes (the socket's buffer is full:
//   back-pressure), so its connection is closed once that lasts; longer than REQUEST_DEADLINE_MS, so
//   that a page waiting on its HTML is never cut.
// - maxConnections: past it, a new connection is closed at once (the server's whole budget).
// - maxConnectionsPerAddress (ours: Node has none): one address may not take the whole budget; a
//   trusted proxy's address (TRUST_PROXY) carries many visitors and is not counted.
// - maxPipelined (ours): a connection with more requests than this waiting for their answers is
//   closed (no browser pipelines; a client that does only makes more to hold).
// - Pipelined requests (ours): Node parses every request a connection sends and calls the handler
//   for each at once, buffering the answers of all but the first in memory until the client reads
//   (400 connections × 50 `GET /main.js` that were never read held 500 MB). Here a connection's next
//   request is handed to the app only once the previous answer is written out and the socket's
//   buffer has drained: a connection that does not read is given no more work, and holds one
//   answer's worth of memory (a file is streamed with back-pressure) until `timeout` closes it.
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ALLOWED_METHODS, REQUEST_DEADLINE_MS } from './staticServer';
import { trustedProxy, type TrustedProxies } from './proxy';

export interface ConnectionLimits {
  /** The whole request (headers and body) must have arrived within this (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** Its headers within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (Node's keepAliveTimeout). */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves (nothing read, nothing written) for this long is closed (Node's server.timeout). */
  idleSocketMs: number;
  /** Requests one connection may make (Node's maxRequestsPerSocket). */
  maxRequestsPerSocket: number;
  /** Connections open at once (Node's server.maxConnections). */
  maxConnections: number;
  /** Connections open at once from one address (a trusted proxy's excepted). */
  maxConnectionsPerAddress: number;
  /** Requests one connection may have waiting for their answers (pipelined); past it, the connection is closed. */
  maxPipelined: number;
  /** How often Node checks the request and headers deadlines (Node's connectionsCheckingInterval). */
  checkIntervalMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketMs: REQUEST_DEADLINE_MS + 5_000,
  maxRequestsPerSocket: 1_000,
  maxConnections: 4_096,
  maxConnectionsPerAddress: 64,
  maxPipelined: 8,
  checkIntervalMs: 1_000,
};

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** Methods the fetch API cannot carry (a Request of them throws): answered here, never by the app. */
const UNCARRIED = new Set(['CONNECT', 'TRACE', 'TRACK']);

const notAllowed = `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/** The app's listener, given each connection's requests one at a time (the header comment says why). */
export function oneAtATime(listener: Listener, maxPipelined = CONNECTION_LIMITS.maxPipelined): Listener {
  const queues = new WeakMap<Socket, (() => void)[]>();
  return (request, response) => {
    const socket = request.socket;
    let queue = queues.get(socket);
    const run = () => {
      let done = false;
      const next = () => {
        if (done) return;
        done = true;
        queue!.shift();
        const following = queue![0];
        if (!following || socket.destroyed) return;
        if (socket.writableNeedDrain) socket.once('drain', following);
        else following();
      };
      response.once('finish', next);
      response.once('close', next);
      if (UNCARRIED.has(request.method ?? '')) {
        response.writeHead(405, { Allow: ALLOWED_METHODS, 'Content-Length': '0' }).end();
        return;
      }
      listener(request, response);
    };
    if (!queue) {
      queue = [];
      queues.set(socket, queue);
    }
    // Deeper than any client pipelines (browsers do not): its answers would only be more to hold.
    if (queue.length >= maxPipelined) {
      socket.destroy();
      return;
    }
    queue.push(run);
    if (queue.length === 1) run();
  };
}

export interface Listening {
  port: number;
  close: () => Promise<void>;
  /** The Node server (its limits, its connections), for the tests. */
  server: Server;
}

/**
 * Starts a server of an app with the site's connection limits (`limits`: the tests' own, smaller);
 * resolves with a handle whose close() ends open connections too.
 */
export function listen(
  app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  port: number,
  hostname = '127.0.0.1',
  { limits: given = {}, trusted = trustedProxy() }: { limits?: Partial<ConnectionLimits>; trusted?: TrustedProxies } = {},
): Promise<Listening> {
  const limits = { ...CONNECTION_LIMITS, ...given };
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    oneAtATime(getRequestListener(app.fetch, { hostname }), limits.maxPipelined),
  );
  server.timeout = limits.idleSocketMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.maxConnections = limits.maxConnections;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (trusted.trusts(address)) return;
    const count = (perAddress.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  // CONNECT never reaches a request handler: Node closes the socket unless told; told, it says no.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => socket.end(notAllowed));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        port: bound,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
