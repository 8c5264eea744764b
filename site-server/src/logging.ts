// The site's server's log, as the user service's: pino, one JSON object per line on stdout, each
// line of a request with its request id (hono's requestId, answered as X-Request-Id). Nothing from
// a request's cookies, headers or body is handed to it: a line names a path, a remote or a file,
// never a token or a visitor.
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REQUEST_ID_MAX_LENGTH } from '@site/contract/request-id';

export type { Logger };

import { siteEnv, type Env } from './config';

/** LOG_LEVEL (a pino level); unset: info, and silent under NODE_ENV=test, as the user service. */
export function logLevel(env: Env = siteEnv()): string {
  const level = env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (level !== 'silent' && !(level in pino.levels.values)) {
    throw new Error(`LOG_LEVEL=${level} is not a level: one of ${[...Object.keys(pino.levels.values), 'silent'].join(', ')}`);
  }
  return level;
}

/** A logger of the site's server (`destination`: where the tests read its lines). */
export function createLogger({ level = logLevel(), destination }: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino({ level, base: { service: 'site-server' } }, destination ?? pino.destination(1));
}

/** The site's server's one logger. */
export const siteLogger = createLogger();

/** Gives every request its id (the caller's X-Request-Id when plain), read by its log lines as `c.get('requestId')`. */
export const assignRequestId = (): MiddlewareHandler => requestId({ limitLength: REQUEST_ID_MAX_LENGTH });
