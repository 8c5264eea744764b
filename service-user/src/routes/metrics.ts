import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';

// Digests of equal length, so the comparison takes the same time whatever the length presented.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics, Prometheus text. With METRICS_TOKEN set it needs `Authorization: Bearer <token>`;
 * without it, it is open in local mode only, and elsewhere answers 404 as if it were not there.
 */
export function metricsRoutes({ config, metrics }: Deps) {
  const expected = config.metricsToken ? digest(`Bearer ${config.metricsToken}`) : null;
  return new Hono().get('/metrics', async (c) => {
    if (!expected && !config.local) throw new ApiError(404, 'not_found', 'There is no such call.');
    if (expected && !timingSafeEqual(digest(c.req.header('Authorization') ?? ''), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'metrics_token_invalid', 'Present the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  });
}
