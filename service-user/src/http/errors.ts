import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { answeringRoute, type Logger } from './logging';
import { DatabaseUnavailableError, DeadlineExceededError } from '../db/database';
import { AccountErasedError } from '../store/accountData';

/** How long a client is asked to wait before retrying a call the database could not serve. */
export const RETRY_AFTER_SECONDS = 5;

/** Every error the service answers: `{ "error": { "code", "message" } }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

const codeForStatus: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'timeout',
};

/** Answers every error as JSON; what is not the client's doing is logged once (pino, one line, with the stack). */
export function handleError(error: Error, c: Context, logger: Pick<Logger, 'warn' | 'error'>) {
  if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
  // A token of a deleted account, still unexpired, asking for something that would create it again.
  if (error instanceof AccountErasedError) return c.json(errorBody('account_deleted', 'This account has been deleted. Sign up again to use the site.'), 410);
  if (error instanceof DatabaseUnavailableError || error instanceof DeadlineExceededError) {
    logger.warn({ requestId: c.get('requestId') }, error.message);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return error instanceof DeadlineExceededError
      ? c.json(errorBody('timeout', 'The request took too long. Please try again.'), 503)
      : c.json(errorBody('database_unavailable', 'The service cannot reach its database right now. Please try again in a moment.'), 503);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(errorBody(codeForStatus[status] ?? 'http_error', error.message || 'request refused'), status);
  }
  logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method, route: answeringRoute(c) }, 'unhandled error');
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
}
