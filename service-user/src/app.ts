import { Hono, type MiddlewareHandler } from 'hono';
import type { Deps } from './http/env';
import { errorBody, handleError } from './http/errors';
import { assignRequestId, requestLog } from './http/logging';
import { responseHeaders } from './http/responseHeaders';
import { requestDeadline } from './http/requestDeadline';
import { accountRoutes } from './routes/account';
import { billingPortalRoutes } from './routes/billingPortal';
import { accountDataRoutes } from './routes/accountData';
import { healthRoutes } from './routes/health';
import { localBillingRoutes, type SelfRequest } from './routes/localBilling';
import { localPortalRoutes } from './routes/localPortal';
import { metricsRoutes } from './routes/metrics';
import { newsletterIssueRoutes } from './routes/newsletterIssues';
import { toldBeforeAnswers } from './pageChanges/toldBeforeAnswers';
import { pageChangeRoutes } from './routes/pageChanges';
import { publicRoutes } from './routes/public';
import { stripeRoutes } from './routes/stripe';
import { telemetryRoutes } from './routes/telemetry';

export type { Deps } from './http/env';
export type { TelemetryBatch, TelemetryEvent, TelemetryHealthEvent, TelemetryVitalEvent, TelemetrySummary, ViewGrant } from './routes/telemetry';

/** What every request goes through, in order (the service bench measures it on its own too). */
export function globalMiddleware({ config, logger, metrics }: Pick<Deps, 'config' | 'logger' | 'metrics'>): MiddlewareHandler[] {
  return [assignRequestId(), requestLog(logger, metrics.observeRequest), responseHeaders(config), requestDeadline(config.requestTimeoutMs)];
}

/** The user service: middleware in one readable list, then each route module. */
export function createApp(deps: Deps) {
  const { logger } = deps;
  // Local billing delivers its events through this same app, once it is built.
  let self: { request: (path: string, init: RequestInit) => Response | Promise<Response> } | null = null;
  const selfRequest: SelfRequest = async (path, init) => self!.request(path, init);
  const app = new Hono()
    .use(...globalMiddleware(deps))
    // A write's answer waits until the site's servers following the page changes have been told of it.
    .use(toldBeforeAnswers(deps))
    .route('/', healthRoutes(deps))
    .route('/', stripeRoutes(deps))
    .route('/', publicRoutes(deps))
    .route('/', newsletterIssueRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', localBillingRoutes(deps, selfRequest))
    .route('/', localPortalRoutes(deps, selfRequest))
    .route('/', billingPortalRoutes(deps))
    .route('/', accountDataRoutes(deps, selfRequest))
    .route('/', telemetryRoutes(deps))
    .route('/', pageChangeRoutes(deps))
    .route('/', metricsRoutes(deps));
  self = app;
  app.notFound((c) => c.json(errorBody('not_found', 'There is no such call.'), 404));
  app.onError((error, c) => handleError(error, c, logger));
  return app;
}

/** The contract the front ends build against (hono/client). */
export type AppType = ReturnType<typeof createApp>;
