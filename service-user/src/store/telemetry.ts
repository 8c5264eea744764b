import type { VerifiedViewToken } from '../contract/viewToken';
import type { Database, Queryable } from '../db/database';

/** What the shell reports about a remote's page (shell/src/remotes/health.ts sends them). */
export const HEALTH_EVENT_KINDS = ['view', 'load_failure', 'render_error', 'hydration_error'] as const;
export type HealthEventKind = (typeof HEALTH_EVENT_KINDS)[number];

export { COHORTS, type Cohort } from '../contract/telemetry';
import type { Cohort } from '../contract/telemetry';

export interface HealthEvent {
  remote: string;
  version: string;
  cohort: Cohort;
  kind: HealthEventKind;
}

/** One deployment's counters over a window. */
export interface DeploymentHealth {
  remote: string;
  version: string;
  cohort: Cohort;
  views: number;
  loadFailures: number;
  renderErrors: number;
  hydrationErrors: number;
}

// The counter column of each kind: named here only, never built from input.
const COLUMN: Record<HealthEventKind, 'views' | 'load_failures' | 'render_errors' | 'hydration_errors'> = {
  view: 'views',
  load_failure: 'load_failures',
  render_error: 'render_errors',
  hydration_error: 'hydration_errors',
};

/** Minutes kept: the summary's longest window (a day) and a day more. */
export const HEALTH_RETENTION_MINUTES = 2 * 1440;
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Adds events to the current minute's counters (the database's clock: one clock for every
 * replica). One atomic upsert per deployment and kind, `x = x + n`, so concurrent beacons on any
 * replica add up; inside the caller's transaction, so a batch is counted whole or not at all.
 */
async function addUp(tx: Queryable, events: HealthEvent[]): Promise<void> {
  const counts = new Map<string, { event: HealthEvent; n: number }>();
  for (const event of events) {
    const key = JSON.stringify([event.remote, event.version, event.cohort, event.kind]);
    const counted = counts.get(key);
    if (counted) counted.n += 1;
    else counts.set(key, { event, n: 1 });
  }
  for (const { event, n } of counts.values()) {
    const column = COLUMN[event.kind];
    await tx.query(
      `INSERT INTO remote_health_minutes AS h (minute, remote, version, cohort, ${column})
       VALUES (date_trunc('minute', now()), $1, $2, $3, $4)
       ON CONFLICT (minute, remote, version, cohort) DO UPDATE SET ${column} = h.${column} + EXCLUDED.${column}`,
      [event.remote, event.version, event.cohort, n],
    );
  }
}

/** The shell's health counters, and the view tokens each counted once (see recordVouched). */
export function healthCounters(db: Database) {
  let lastCleanup = 0;
  const removeOldMinutes = () => {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    // Not awaited: a beacon does not wait for housekeeping, nor fail with it.
    Promise.all([
      db.query(`DELETE FROM remote_health_minutes WHERE minute < now() - make_interval(mins => $1)`, [HEALTH_RETENTION_MINUTES]),
      // A token past its expiry counts nothing anyway: its rows are no longer needed to refuse a replay.
      db.query(`DELETE FROM view_token_counts WHERE expires_at < now()`),
    ]).catch(() => {
      lastCleanup = 0;
    });
  };

  return {
    /**
     * Counts what a valid view token vouches for: each kind of event of each remote the token
     * names, once per token, with the version and cohort the token gives (a beacon names only the
     * remote and the kind). Returns how many were counted: none for a replay, none for a remote
     * the token does not name, none once the client's address has had `cap.limit` counted in the
     * window (its count is kept beside the rate limits', under a hash of the address).
     */
    async recordVouched(token: VerifiedViewToken, events: { remote: string; kind: HealthEventKind }[], cap: { client: string; limit: number; windowMs: number }): Promise<number> {
      const vouched = new Map<string, HealthEvent>();
      for (const { remote, kind } of events) {
        const deployment = token.deployments[remote as keyof VerifiedViewToken['deployments']];
        if (deployment) vouched.set(`${remote} ${kind}`, { remote, kind, version: deployment.version, cohort: deployment.cohort });
      }
      if (vouched.size === 0) return 0;
      const overCap = new Error('over the cap');
      try {
        return await db.transaction(async (tx) => {
          const counted: HealthEvent[] = [];
          for (const event of vouched.values()) {
            const { rows } = await tx.query(
              `INSERT INTO view_token_counts (token_id, remote, kind, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))
               ON CONFLICT DO NOTHING RETURNING token_id`,
              [token.id, event.remote, event.kind, token.expiresAt],
            );
            if (rows.length > 0) counted.push(event);
          }
          if (counted.length === 0) return 0;
          const { rows } = await tx.query<{ hits: number }>(
            `INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
             ON CONFLICT (key) DO UPDATE SET
               hits = CASE WHEN r.reset_at <= now() THEN EXCLUDED.hits ELSE r.hits + EXCLUDED.hits END,
               reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
             RETURNING hits`,
            [`telemetry-counted:${cap.client}`, counted.length, cap.windowMs],
          );
          // Past the cap nothing of this beacon is kept (its tokens stay unused, its count unraised).
          if (rows[0]!.hits > cap.limit) throw overCap;
          await addUp(tx, counted);
          return counted.length;
        });
      } catch (error) {
        if (error === overCap) return 0;
        throw error;
      } finally {
        removeOldMinutes();
      }
    },

    /** Per deployment (version and cohort), the counters of the last `minutes` minutes, the current one included. */
    async summary(minutes: number, remote?: string): Promise<DeploymentHealth[]> {
      const { rows } = await db.query<{ remote: string; version: string; cohort: Cohort; views: string; load_failures: string; render_errors: string; hydration_errors: string }>(
        `SELECT remote, version, cohort, sum(views) AS views, sum(load_failures) AS load_failures,
                sum(render_errors) AS render_errors, sum(hydration_errors) AS hydration_errors
           FROM remote_health_minutes
          WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) AND ($2::text IS NULL OR remote = $2)
          GROUP BY remote, version, cohort
          ORDER BY remote, cohort, version`,
        [minutes, remote ?? null],
      );
      return rows.map((row) => ({
        remote: row.remote,
        version: row.version,
        cohort: row.cohort,
        views: Number(row.views),
        loadFailures: Number(row.load_failures),
        renderErrors: Number(row.render_errors),
        hydrationErrors: Number(row.hydration_errors),
      }));
    },
  };
}

export type HealthCounters = ReturnType<typeof healthCounters>;
