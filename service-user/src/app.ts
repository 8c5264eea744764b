import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { timeout } from 'hono/timeout';
import type { Deps } from './http/env';
import { errorBody, handleError } from './http/errors';
import { accountRoutes } from './routes/account';
import { healthRoutes } from './routes/health';
import { localBillingRoutes, type SelfRequest } from './routes/localBilling';
import { publicRoutes } from './routes/public';
import { stripeRoutes } from './routes/stripe';

export type { Deps } from './http/env';

/** The user service: middleware in one readable list, then each route module. */
export function createApp(deps: Deps) {
  const { config } = deps;
  // Local billing delivers its events through this same app, once it is built.
  let self: { request: (path: string, init: RequestInit) => Response | Promise<Response> } | null = null;
  const selfRequest: SelfRequest = async (path, init) => self!.request(path, init);
  const app = new Hono()
    .use(secureHeaders())
    .use(
      cors({
        origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
        allowMethods: ['POST', 'GET'],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      }),
    )
    .use(timeout(config.requestTimeoutMs, () => new HTTPException(503, { message: 'The request took too long.' })))
    .route('/', healthRoutes(deps))
    .route('/', stripeRoutes(deps))
    .route('/', publicRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', localBillingRoutes(deps, selfRequest));
  self = app;
  app.notFound((c) => c.json(errorBody('not_found', 'There is no such call.'), 404));
  app.onError(handleError);
  return app;
}

/** The contract the front ends build against (hono/client). */
export type AppType = ReturnType<typeof createApp>;
