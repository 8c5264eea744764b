// How the site's server calls the user service (a signed-in page's reads, the view grants, what it
// saw of a page): undici's request API, not the global fetch. fetch builds a WHATWG Request, Headers,
// Response and body stream for every call; measured on the 2-core machine of the load bench, 4
// calls at a time to a running service, fetch cost the caller 0.30–0.38 ms of CPU a call and
// request 0.13–0.16 ms, and a signed-in page makes three. Connections to the service are kept
// (undici's default agent, keep-alive). Answers are small JSON documents, read whole at once, so
// that no caller can leave a connection held by a body it did not read.
import { request } from 'undici';

/** What a caller of the service reads of an answer: the part of a fetch Response this server uses. */
export interface ServiceAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export interface ServiceRequest {
  method?: string;
  headers?: Headers | Record<string, string>;
  body?: string | null;
  signal?: AbortSignal;
}

const headersOf = (headers: ServiceRequest['headers']): Record<string, string> => (headers instanceof Headers ? Object.fromEntries(headers.entries()) : { ...(headers ?? {}) });

/**
 * A call to the user service, as fetch would make it (same arguments, the same `ok`, `status` and
 * `json()`), failing as fetch fails: an unreachable service or the signal's abort rejects.
 */
export async function serviceFetch(url: string | URL, init: ServiceRequest = {}): Promise<ServiceAnswer> {
  const { statusCode, body } = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: headersOf(init.headers),
    body: init.body ?? undefined,
    signal: init.signal,
  });
  const text = await body.text();
  return {
    ok: statusCode >= 200 && statusCode < 300,
    status: statusCode,
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  };
}

/** The same call, typed as the fetch a client library takes (the Hono client of the user service reads only what ServiceAnswer has). */
export const serviceFetchAsFetch = serviceFetch as unknown as typeof fetch;
