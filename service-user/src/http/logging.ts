import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REQUEST_ID_MAX_LENGTH } from '@site/contract/request-id';
import { requestHeader, setAnswerHeader } from './nodeMessages';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Lines are written to stdout in batches of this many bytes, and at least this often: one write
 * per request line cost a tenth of a request served behind the global middleware (bench/load.ts's
 * profile). pino flushes what is left when the process exits.
 */
export const LOG_BATCH = { bytes: 4096, flushMs: 1000 } as const;

/**
 * The service's logger: one JSON object per line on stdout (or on `destination`, which the tests
 * read). Nothing from a request's headers or body is ever handed to it, so no token or email can
 * reach a log (logging.test.ts checks). `time` is pino's default, epoch milliseconds: the cheapest.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'service-user' },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH.bytes, periodicFlush: LOG_BATCH.flushMs }),
  );
}

declare module 'hono' {
  /** Every request has one (assignRequestId), whatever its route's own variables. */
  interface ContextVariableMap {
    requestId: string;
  }
}

const NOT_PLAIN = /[^\w\-=]/;

/** hono's requestId, reading and answering the header through Node's own messages (nodeMessages.ts says why). */
export const assignRequestId = (): MiddlewareHandler => async (c, next) => {
  const given = requestHeader(c, 'x-request-id');
  const id = given && given.length <= REQUEST_ID_MAX_LENGTH && !NOT_PLAIN.test(given) ? given : crypto.randomUUID();
  c.set('requestId', id);
  setAnswerHeader(c, 'X-Request-Id', id);
  await next();
};

/** The route pattern that answered (`/link-device`), never the raw path; `unmatched` for a 404 of no route. */
export function answeringRoute(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i -= 1) {
    // Global middleware is registered for every method ('ALL'); a route names its own.
    if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  }
  return 'unmatched';
}

export interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/**
 * One JSON line per request, once it is answered: method, route pattern, status, duration and
 * request id. `observers` (the metrics) get the same figures, measured once.
 */
export function requestLog(logger: Logger, ...observers: ((request: FinishedRequest) => void)[]): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const finished: FinishedRequest = {
      method: c.req.method,
      route: answeringRoute(c),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    for (const observe of observers) observe(finished);
    logger.info({ requestId: c.get('requestId'), ...finished }, 'request');
  };
}
