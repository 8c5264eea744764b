import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

export function handleError(error: Error, c: Context) {
  if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(errorBody(codeForStatus[status] ?? 'http_error', error.message || 'request refused'), status);
  }
  console.error('unhandled error', error);
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
}
