import { Hono } from 'hono';
import type { Deps } from '../http/env';
import { requireOperatorToken } from '../http/middleware';

/**
 * GET /metrics, Prometheus text. With METRICS_TOKEN set it needs `Authorization: Bearer <token>`;
 * without it, it is open in local mode only, and elsewhere answers 404 as if it were not there.
 */
export function metricsRoutes({ config, metrics }: Deps) {
  const operator = requireOperatorToken({
    token: config.metricsToken,
    local: config.local,
    refusal: { code: 'metrics_token_invalid', message: 'Present the metrics token as Authorization: Bearer <METRICS_TOKEN>.' },
  });
  return new Hono().get('/metrics', operator, async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }));
}
