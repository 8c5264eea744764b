import { Hono } from 'hono';
import { withDeadline } from '../db/database';
import type { Deps } from '../http/env';
import { errorBody } from '../http/errors';

/** Resolves when the database answers `SELECT 1` within `ms`, rejects otherwise (never waits longer). */
function databaseAnswers(db: Deps['db'], ms: number): Promise<unknown> {
  const answer = withDeadline(ms, () => db.query('SELECT 1'));
  answer.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), ms)));
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

export function healthRoutes({ db, config }: Deps) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      try {
        // Its own short deadline: a load balancer's check must not wait as long as a request may.
        await databaseAnswers(db, config.readyTimeoutMs);
        return c.json({ status: 'ready', database: db.kind });
      } catch {
        return c.json(errorBody('database_unavailable', 'The database does not answer.'), 503);
      }
    });
}
