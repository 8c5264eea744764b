/**
 * The baselines the service is compared with, served as the service is (@hono/node-server, a
 * process of their own; PORT is given by the bench): a bare Hono JSON handler, or with
 * BARE_WITH=middleware the same handler behind the service's global middleware (request id,
 * request log to stdout, metrics, secure headers, CORS, deadline), configured as in production.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { globalMiddleware } from '../src/app';
import { loadConfig } from '../src/environment';
import { createLogger } from '../src/http/logging';
import { createMetrics } from '../src/http/metrics';
import { PRODUCTION_SETTINGS } from './productionSettings';

const answer = { trialActivated: false, subscriptionActive: false };
const app = new Hono();
if (process.env.BARE_WITH === 'middleware') {
  const config = loadConfig({ ...PRODUCTION_SETTINGS });
  const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: true });
  app.use(...globalMiddleware({ config, logger: createLogger(config.logLevel), metrics }));
}
app.post('/get-user-info', (c) => c.json(answer));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
