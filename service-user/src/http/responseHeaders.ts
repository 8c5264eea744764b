import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { isSiteOrigin, type Config } from '../environment';
import { requestHeader, setAnswerHeader } from './nodeMessages';

/** hono's secure headers with their default values, read once from its own answer. */
async function secureHeaderValues(): Promise<[string, string][]> {
  const answer = await new Hono()
    .use(secureHeaders())
    .get('/', (c) => c.body(null))
    .request('/');
  return [...answer.headers];
}

/**
 * The security headers and CORS, set before the handler runs. hono's `secureHeaders` and `cors`
 * change the finished response instead, which makes @hono/node-server drop its fast path and
 * rebuild every answer as a full web Response: measured with bench/load.ts, the two cost more
 * CPU than a bare handler's whole request. The values stay hono's: the security headers are its
 * defaults, and preflight requests are answered by its `cors`.
 */
export function responseHeaders({ corsOrigins }: Pick<Config, 'corsOrigins'>): MiddlewareHandler {
  const allowed = (origin: string) => isSiteOrigin(corsOrigins, origin);
  const preflight = cors({
    origin: (origin) => (allowed(origin) ? origin : null),
    allowMethods: ['POST', 'GET'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
  const securityValues = secureHeaderValues();
  let security: [string, string][] | undefined;
  return async (c, next) => {
    security ??= await securityValues;
    for (const [name, value] of security) setAnswerHeader(c, name, value);
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = requestHeader(c, 'origin');
    if (origin && allowed(origin)) setAnswerHeader(c, 'Access-Control-Allow-Origin', origin);
    setAnswerHeader(c, 'Vary', 'Origin');
    await next();
  };
}
