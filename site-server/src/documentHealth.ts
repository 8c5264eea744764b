// The health endpoint of a site's server (GET /healthz): whether the remotes document it serves is
// the one in force. Always 200 while the server serves (a load balancer must not take every
// server out because the release state is away: each keeps the last good document); `status`
// says degraded, and why, when the state does not answer.
import type { Hono } from 'hono';
import type { DocumentHealth } from './releaseState';
import { refusedPaths, siteHono } from './requestPath';

/** The folder's document is read from disk on every request: there is nothing kept to go stale. */
export const folderHealth = (): DocumentHealth => ({ source: 'folder', status: 'live' });

export const HEALTH_PATH = '/healthz';

export function withDocumentHealth(app: Pick<Hono, 'fetch'>, health: () => DocumentHealth) {
  return siteHono()
    .use('*', refusedPaths())
    .get(HEALTH_PATH, (c) => {
      const document = health();
      return c.json({ status: document.status === 'live' ? 'ok' : 'degraded', remotesDocument: document }, 200, { 'Cache-Control': 'no-store' });
    })
    .all('*', (c) => app.fetch(c.req.raw, c.env));
}
