import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** What @hono/node-server hands the app with each request it serves (c.env); absent in app.request(), as the tests call it. */
interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}
const bindings = (c: Context) => c.env as NodeBindings | undefined;

/** Node's own response, when the app is served (none in app.request()): what a stream is written to as it goes. */
export const nodeResponse = (c: Context): ServerResponse | undefined => bindings(c)?.outgoing;

/**
 * A request header, read from Node's own request when the app is served: hono's c.req.header()
 * first builds a web Headers of every header the request has (@hono/node-server's lazy Request),
 * which bench/load.ts's profile showed costing more than the rest of a cached-token call's header work.
 */
export function requestHeader(c: Context, lowerCaseName: string): string | undefined {
  const incoming = bindings(c)?.incoming;
  if (!incoming) return c.req.header(lowerCaseName);
  const value = incoming.headers[lowerCaseName];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A header of every answer (security, CORS, request id), set on Node's response when the app is
 * served: Node's writeHead merges it with the answer's own headers (the answer's win). Set on
 * hono's context instead, it makes a web Headers for every answer, which the profile showed
 * costing a bare handler's whole request; the answer's own headers stay a plain object.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  const outgoing = bindings(c)?.outgoing;
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}
