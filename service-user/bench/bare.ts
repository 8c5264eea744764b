/**
 * The baselines the service is compared with, served as the service is (@hono/node-server, a
 * process of their own; PORT is given by the bench): a bare Hono JSON handler; with
 * BARE_WITH=middleware the same handler behind the service's global middleware (request id,
 * request log to stdout, metrics, secure headers, CORS, deadline), configured as in production
 * (BARE_MIDDLEWARE_STEP: the list up to one of its parts, as bench/load.ts names them);
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
import { PRODUCTION_SETTINGS } from './productionSettings';

const answer = { trialActivated: false, subscriptionActive: false };
const app = new Hono();
const mode = process.env.BARE_WITH ?? '';
/** How much of the global middleware's list each step runs (its order: request id, request log and metrics, headers, deadline). */
const MIDDLEWARE_STEPS: Record<string, { parts: number; logLine: boolean }> = {
  'middleware-request-id': { parts: 1, logLine: false },
  // The request log measures the request and gives its figures to the metrics; its line is not written.
  'middleware-metrics': { parts: 2, logLine: false },
  'middleware-log': { parts: 2, logLine: true },
  'middleware-headers': { parts: 3, logLine: true },
  middleware: { parts: 4, logLine: true },
};
if (mode === 'middleware') {
  const step = MIDDLEWARE_STEPS[process.env.BARE_MIDDLEWARE_STEP || 'middleware'];
  if (!step) throw new Error(`BARE_MIDDLEWARE_STEP must be one of ${Object.keys(MIDDLEWARE_STEPS).join(', ')}`);
  const config = loadConfig({ ...PRODUCTION_SETTINGS });
  const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: true });
  const list = globalMiddleware({ config, logger: createLogger(step.logLine ? config.logLevel : 'silent'), metrics });
  if (list.length !== 4) throw new Error(`the global middleware has ${list.length} parts: update the bench's steps`);
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
