import type { Env } from 'hono';
import type { Store } from 'hono-rate-limiter';
import type { Database } from '../db/database';

/**
 * hono-rate-limiter's Store on the database, so that every replica counts the same hits: one
 * atomic upsert per hit, the window's end set by the database's clock (one clock for all
 * replicas). Windows that have ended are deleted now and then by whichever replica notices.
 */
export function databaseRateLimitStore<E extends Env = Env>(db: Database, prefix: string): Store<E> {
  let windowMs = 60_000;
  let lastCleanup = Date.now();
  const key = (client: string) => `${prefix}:${client}`;

  const removeEndedWindows = () => {
    if (Date.now() - lastCleanup < windowMs) return;
    lastCleanup = Date.now();
    // Not awaited: the hit being counted does not wait for housekeeping, nor fail with it.
    db.query('DELETE FROM rate_limit_hits WHERE reset_at < now()').catch(() => {
      lastCleanup = 0;
    });
  };

  return {
    prefix,
    localKeys: false,
    init(options) {
      windowMs = options.windowMs;
    },
    async get(client) {
      const { rows } = await db.query<{ hits: number; reset_at: Date }>('SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > now()', [key(client)]);
      const row = rows[0];
      return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
    },
    async increment(client) {
      removeEndedWindows();
      const { rows } = await db.query<{ hits: number; reset_at: Date }>(
        `INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
         RETURNING hits, reset_at`,
        [key(client), windowMs],
      );
      const row = rows[0]!;
      return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
    },
    async decrement(client) {
      await db.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND reset_at > now()', [key(client)]);
    },
    async resetKey(client) {
      await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [key(client)]);
    },
  };
}
