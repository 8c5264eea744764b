import type { Database } from '../db/database';

/** What the shell reports about a remote's page (shell/src/remotes/health.ts sends them). */
export const HEALTH_EVENT_KINDS = ['view', 'load_failure', 'render_error', 'hydration_error'] as const;
export type HealthEventKind = (typeof HEALTH_EVENT_KINDS)[number];

export const COHORTS = ['stable', 'canary'] as const;
export type Cohort = (typeof COHORTS)[number];

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
 * Counts a batch of events into the current minute (the database's clock: one clock for every
 * replica). One atomic upsert per deployment and kind, `x = x + n`, so concurrent beacons on any
 * replica add up; the batch is one transaction, counted whole or not at all.
 */
export function healthCounters(db: Database) {
  let lastCleanup = 0;
  const removeOldMinutes = () => {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    // Not awaited: a beacon does not wait for housekeeping, nor fail with it.
    db.query(`DELETE FROM remote_health_minutes WHERE minute < now() - make_interval(mins => $1)`, [HEALTH_RETENTION_MINUTES]).catch(() => {
      lastCleanup = 0;
    });
  };

  return {
    async record(events: HealthEvent[]): Promise<void> {
      const counts = new Map<string, { event: HealthEvent; n: number }>();
      for (const event of events) {
        const key = JSON.stringify([event.remote, event.version, event.cohort, event.kind]);
        const counted = counts.get(key);
        if (counted) counted.n += 1;
        else counts.set(key, { event, n: 1 });
      }
      await db.transaction(async (tx) => {
        for (const { event, n } of counts.values()) {
          const column = COLUMN[event.kind];
          await tx.query(
            `INSERT INTO remote_health_minutes AS h (minute, remote, version, cohort, ${column})
             VALUES (date_trunc('minute', now()), $1, $2, $3, $4)
             ON CONFLICT (minute, remote, version, cohort) DO UPDATE SET ${column} = h.${column} + EXCLUDED.${column}`,
            [event.remote, event.version, event.cohort, n],
          );
        }
      });
      removeOldMinutes();
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
