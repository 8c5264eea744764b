import { Hono } from 'hono';
import type { Deps } from '../http/env';
import { errorBody } from '../http/errors';

export function healthRoutes({ db }: Deps) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      try {
        await db.query('SELECT 1');
        return c.json({ status: 'ready', database: db.kind });
      } catch {
        return c.json(errorBody('database_unavailable', 'The database does not answer.'), 503);
      }
    });
}
