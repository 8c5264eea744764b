/** Why a call to the user service did not succeed, in terms a form can explain to the user. */
export type CallFailure = 'rate_limited' | 'invalid' | 'unavailable';

export type CallResult<T> = { ok: true; data: T } | { ok: false; failure: CallFailure; code: string | null };

interface ResponseLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

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
 * Runs one call and settles it: the answer, or a failure the user can be told about. A network
 * error (service down, offline, CORS) is a failure too, never an exception thrown at a form.
 */
export async function settle<T>(call: () => Promise<ResponseLike>): Promise<CallResult<T>> {
  let response: ResponseLike;
  try {
    response = await call();
  } catch {
    return { ok: false, failure: 'unavailable', code: null };
  }
  if (!response.ok) return { ok: false, failure: failureFor(response.status), code: await errorCode(response) };
  try {
    return { ok: true, data: (await response.json()) as T };
  } catch {
    return { ok: false, failure: 'unavailable', code: null };
  }
}
