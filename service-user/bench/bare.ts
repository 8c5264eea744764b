/**
 * The baselines the service is compared with, served as the service is (@hono/node-server, a
 * process of their own; PORT is given by the bench): a bare Hono JSON handler; with
 * BARE_WITH=middleware the same handler behind the service's global middleware (request id,
 * request log to stdout, metrics, secure headers, CORS, deadline), configured as in production
 * (BARE_MIDDLEWARE_STEP: the list up to one of its parts, bench/middlewareSteps.ts);
 * with BARE_WITH=postgres (DATABASE_URL) or pglite (DATA_DIR) a bare handler that reads one row
 * by primary key through the service's own database layer (the pg pool, or file-backed PGlite):
 * the floor of a call that touches the database.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { globalMiddleware } from '../src/app';
import { openPglite, openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrations';
import { loadConfig } from '../src/environment';
import { createLogger } from '../src/http/logging';
import { createMetrics } from '../src/http/metrics';
import { isMiddlewareStep, MIDDLEWARE_STEPS, middlewareSteps } from './middlewareSteps';
import { PRODUCTION_SETTINGS } from './productionSettings';

const answer = { trialActivated: false, subscriptionActive: false };
const app = new Hono();
const mode = process.env.BARE_WITH ?? '';
if (mode === 'middleware') {
  const stepName = process.env.BARE_MIDDLEWARE_STEP || 'middleware';
  if (!isMiddlewareStep(stepName)) throw new Error(`BARE_MIDDLEWARE_STEP must be one of ${middlewareSteps.join(', ')}`);
  const step = MIDDLEWARE_STEPS[stepName];
  const config = loadConfig({ ...PRODUCTION_SETTINGS });
  const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: true });
  const list = globalMiddleware({ config, logger: createLogger(step.logLine ? config.logLevel : 'silent'), metrics });
  if (list.length !== MIDDLEWARE_STEPS.middleware.parts) throw new Error(`the global middleware has ${list.length} parts: update bench/middlewareSteps.ts`);
  app.use(...list.slice(0, step.parts));
}
if (mode === 'postgres' || mode === 'pglite') {
  const db = mode === 'postgres' ? await openPostgres(process.env.DATABASE_URL!) : await openPglite(process.env.DATA_DIR!);
  await migrate(db);
  await db.query("INSERT INTO users (uid, email) VALUES ('bench-uid', 'bench@example.com') ON CONFLICT DO NOTHING");
  app.post('/get-user-info', async (c) => {
    const { rows } = await db.query<{ uid: string }>('SELECT uid FROM users WHERE uid = $1', ['bench-uid']);
    if (rows.length !== 1) throw new Error('the row read is gone');
    return c.json(answer);
  });
} else {
  app.post('/get-user-info', (c) => c.json(answer));
}
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
// Exits (rather than being killed) on the bench's SIGTERM, so that a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
