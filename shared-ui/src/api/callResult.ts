import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';

/** Why a call to the user service did not succeed, in terms a form can explain to the user. */
export type CallFailure = 'rate_limited' | 'invalid' | 'unavailable';

export type CallResult<T> = { ok: true; data: T } | { ok: false; failure: CallFailure; code: string | null };

/** A call still unanswered after this is given up ("unavailable"), and can be retried. */
export const CALL_TIME_LIMIT_MS = 15_000;

/** After this, a call still loading says that it is taking longer than usual. */
export const SLOW_CALL_MS = 3_000;

/** A call that settles: it takes the request's init (its abort signal) and answers a result. */
export type ServiceCall<T> = (init: RequestInit) => Promise<CallResult<T>>;

interface ResponseLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/**
 * The body of a successful answer, as the service's routes type it (Hono's client response);
 * a response made by hand (a file the service sends, read as it came) answers its json()'s type.
 */
export type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : R extends { json(): Promise<infer T> } ? T : never;

function failureFor(status: number): CallFailure {
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'invalid';
  return 'unavailable';
}

async function errorCode(response: ResponseLike): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body?.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}

/**
 * Runs one call to the user service and answers its result: the answer, typed from the service's
 * route, or a failure the user can be told about. A network error (service down, offline, CORS)
 * is a failure too, never an exception thrown at a form.
 */
export async function runServiceCall<R extends ResponseLike>(call: () => Promise<R>): Promise<CallResult<SuccessBody<R>>> {
  let response: R;
  try {
    response = await call();
  } catch {
    return { ok: false, failure: 'unavailable', code: null };
  }
  if (!response.ok) return { ok: false, failure: failureFor(response.status), code: await errorCode(response) };
  try {
    // The one unchecked step: the body is what the route's type says it is (the contract).
    return { ok: true, data: (await response.json()) as SuccessBody<R> };
  } catch {
    return { ok: false, failure: 'unavailable', code: null };
  }
}

/**
 * Runs a call under the time limit: one still unanswered then is a failure ("unavailable"),
 * never a wait forever, even where the request ignores its abort signal. `cancel` aborts it
 * sooner (the page that asked has gone).
 */
export function withTimeLimit<T>(call: ServiceCall<T>, cancel?: AbortSignal): Promise<CallResult<T>> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  cancel?.addEventListener('abort', abort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<CallResult<T>>((resolve) => {
    timer = setTimeout(() => {
      abort();
      resolve({ ok: false, failure: 'unavailable', code: null });
    }, CALL_TIME_LIMIT_MS);
  });
  return Promise.race([call({ signal: controller.signal }), givenUp]).finally(() => {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', abort);
  });
}
