// How the site's server calls the user service (a signed-in page's reads, the view grants, what it
// saw of a page): Node's own HTTP client on kept connections, not the global fetch. fetch builds a
// WHATWG Request, Headers, Response and body stream for every call; measured on the 2-core machine
// of the load bench, 4 calls at a time to a running service, fetch cost the caller 0.32–0.39 ms of
// CPU a call and node:http 0.15–0.26 ms, and a signed-in page makes three. Answers are small JSON
// documents, read whole at once (and refused past SERVICE_ANSWER_MAX_BYTES), so that no caller can
// leave a connection held by a body it did not read. A kept connection the service closed just as it
// was reused is the one failure made good (once, on a new connection): fetch's agent avoids it by
// the service's keep-alive hint.
import http from 'node:http';
import https from 'node:https';

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

/** The largest answer read from the service (its answers are a few hundred bytes): a larger one fails the call. */
export const SERVICE_ANSWER_MAX_BYTES = 1024 * 1024;

// Connections to the service are kept between calls, as fetch's are.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

const headersOf = (headers: ServiceRequest['headers']): Record<string, string> => (headers instanceof Headers ? Object.fromEntries(headers.entries()) : { ...(headers ?? {}) });

/**
 * A call to the user service, as fetch would make it (same arguments, the same `ok`, `status` and
 * `json()`), failing as fetch fails: an unreachable service or the signal's abort rejects.
 */
export async function serviceFetch(url: string | URL, init: ServiceRequest = {}): Promise<ServiceAnswer> {
  const target = new URL(url);
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) throw new TypeError(`the user service's URL must be http or https (it is ${target.protocol})`);
  try {
    return await call(target, agent, init);
  } catch (error) {
    // A kept connection the service closed as it was being reused (its idle timeout): the request
    // never reached it, and is made once more on a new connection (as Node's documentation advises).
    if ((error as { reusedConnection?: boolean }).reusedConnection && (error as { code?: string }).code === 'ECONNRESET' && !init.signal?.aborted) return call(target, agent, init);
    throw error;
  }
}

function call(target: URL, agent: http.Agent, init: ServiceRequest): Promise<ServiceAnswer> {
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<ServiceAnswer>((resolve, reject) => {
    const request = client.request(target, { method: init.method ?? 'GET', headers: headersOf(init.headers), agent, signal: init.signal }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > SERVICE_ANSWER_MAX_BYTES) response.destroy(new Error(`the user service answered more than ${SERVICE_ANSWER_MAX_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', reject);
      // Cut short (the signal's abort, a connection lost): whatever the stream says of it, the call fails.
      response.on('close', () => {
        if (!response.complete) reject(new Error("the user service's answer was cut short"));
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown, text: async () => text });
      });
    });
    request.on('error', (error) => reject(Object.assign(error, { reusedConnection: request.reusedSocket })));
    request.end(init.body ?? undefined);
  });
}

/** The same call, typed as the fetch a client library takes (the Hono client of the user service reads only what ServiceAnswer has). */
export const serviceFetchAsFetch = serviceFetch as unknown as typeof fetch;
