import type { ServerSignalReport, VerifiedViewToken } from '@site/contract/view-token';
import type { Database, Queryable } from '../db/database';

/** What the shell reports about a remote's page (shell/src/remotes/health.ts sends them). */
export const HEALTH_EVENT_KINDS = ['view', 'load_failure', 'render_error', 'hydration_error'] as const;
export type HealthEventKind = (typeof HEALTH_EVENT_KINDS)[number];

export { COHORTS, type Cohort } from '@site/contract/telemetry';
import { RETENTION_DAYS } from '@site/contract/retention';
import { VITAL_BUCKETS, vitalBucket, VITALS, type Cohort, type Vital } from '@site/contract/telemetry';

export interface HealthEvent {
  remote: string;
  version: string;
  cohort: Cohort;
  kind: HealthEventKind;
}

/** A vital of a remote's page view, under the deployment its view token names. */
export interface VitalSample {
  remote: string;
  version: string;
  cohort: Cohort;
  vital: Vital;
  value: number;
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
  /** Of each vital, the samples in each of its buckets (VITAL_BUCKETS[vital][i] up to the next bound): zeros when none. */
  vitals: Record<Vital, number[]>;
  /**
   * The same evidence counted by network (a /24 or /48): how many distinct networks saw a view, an
   * error (of any kind), and of each vital, how many networks have each bucket as the middle one of
   * the buckets they saw over the window. No network counts twice for one kind.
   */
  networks: NetworkHealth;
  /** What the site's server saw itself of this deployment: pages it drew, and pages it served unrendered for its failure. */
  server: { pages: number; unrendered: number };
}

/** Distinct networks per kind of evidence over a window. */
export interface NetworkHealth {
  views: number;
  errors: number;
  vitals: Record<Vital, number[]>;
}

/** What a beacon's event is to the counters: a health event, or a vital and its value. */
export type VouchedEvent = { remote: string; kind: HealthEventKind } | { remote: string; vital: Vital; value: number };

/** A vital is counted once per token and remote as a kind of its own in view_token_counts. */
const vitalKind = (vital: Vital) => `vital:${vital}`;

/** What a counted event is a vote for in remote_health_networks: a view, an error (of any kind), a vital's bucket. */
const voteOf = (counted: { health?: HealthEvent; vital?: VitalSample }): string =>
  counted.vital ? `${counted.vital.vital}:${vitalBucket(counted.vital.vital, counted.vital.value)}` : counted.health!.kind === 'view' ? 'view' : 'error';

/**
 * Adds the client's network to the networks that saw each vote this minute (a network already
 * there for a vote changes nothing: the summary counts distinct networks).
 */
async function addNetworkVotes(tx: Queryable, network: string, counted: { health?: HealthEvent; vital?: VitalSample }[]): Promise<void> {
  const votes = new Map<string, { remote: string; version: string; cohort: Cohort; vote: string }>();
  for (const entry of counted) {
    const { remote, version, cohort } = (entry.health ?? entry.vital)!;
    const vote = voteOf(entry);
    votes.set(JSON.stringify([remote, version, cohort, vote]), { remote, version, cohort, vote });
  }
  for (const { remote, version, cohort, vote } of votes.values()) {
    await tx.query(
      `INSERT INTO remote_health_networks (minute, remote, version, cohort, vote, network) VALUES (date_trunc('minute', now()), $1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [remote, version, cohort, vote, network],
    );
  }
}

// The counter column of each kind: named here only, never built from input.
const COLUMN: Record<HealthEventKind, 'views' | 'load_failures' | 'render_errors' | 'hydration_errors'> = {
  view: 'views',
  load_failure: 'load_failures',
  render_error: 'render_errors',
  hydration_error: 'hydration_errors',
};

/**
 * Minutes kept (of the health counters and the vitals' buckets alike): the retention table's
 * period (the summary's longest window, a day, and a day more), enforced by the scheduled
 * retention sweep (retention/sweep.ts), not by the beacons.
 */
export const HEALTH_RETENTION_MINUTES = RETENTION_DAYS.healthMinutes * 1440;

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

/**
 * Adds vitals to the current minute's buckets: the value itself is not kept, only a count in the
 * bucket it falls in (vitalBucket). One atomic upsert per deployment, vital and bucket,
 * `samples = samples + n`, inside the caller's transaction, as addUp.
 */
async function addVitals(tx: Queryable, samples: VitalSample[]): Promise<void> {
  const counts = new Map<string, { sample: VitalSample; bucket: number; n: number }>();
  for (const sample of samples) {
    const bucket = vitalBucket(sample.vital, sample.value);
    const key = JSON.stringify([sample.remote, sample.version, sample.cohort, sample.vital, bucket]);
    const counted = counts.get(key);
    if (counted) counted.n += 1;
    else counts.set(key, { sample, bucket, n: 1 });
  }
  for (const { sample, bucket, n } of counts.values()) {
    await tx.query(
      `INSERT INTO remote_vitals_minutes AS v (minute, remote, version, cohort, vital, bucket, samples)
       VALUES (date_trunc('minute', now()), $1, $2, $3, $4, $5, $6)
       ON CONFLICT (minute, remote, version, cohort, vital, bucket) DO UPDATE SET samples = v.samples + EXCLUDED.samples`,
      [sample.remote, sample.version, sample.cohort, sample.vital, bucket, n],
    );
  }
}

/** Each vital's buckets, all empty. */
const emptyVitals = (): Record<Vital, number[]> => Object.fromEntries(VITALS.map((vital) => [vital, VITAL_BUCKETS[vital].map(() => 0)])) as Record<Vital, number[]>;

/** A vital's bucket as a vote names it ('lcp:3'), or null for one this version does not know. */
function bucketOfVote(vote: string): { vital: Vital; bucket: number } | null {
  const [vital, bucket] = vote.split(':');
  const index = Number(bucket);
  if (!(VITALS as readonly string[]).includes(vital ?? '') || !Number.isInteger(index) || index < 0 || index >= VITAL_BUCKETS[vital as Vital].length) return null;
  return { vital: vital as Vital, bucket: index };
}

/** The shell's health counters and vitals' buckets, and the view tokens each counted once (see recordVouched). */
export function healthCounters(db: Database) {
  return {
    /**
     * Adds what the site's server saw (a report of its own, counted once by its id, kept in
     * view_token_counts until it expires) to the current minute's server counters: per deployment,
     * the pages drawn and those served unrendered. Returns how many signals were counted.
     */
    async recordServerSignals(report: { id: string; signals: ServerSignalReport[]; expiresAt: number }): Promise<number> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO view_token_counts (token_id, remote, kind, expires_at) VALUES ($1, '', 'server-signals', to_timestamp($2 / 1000.0))
           ON CONFLICT DO NOTHING RETURNING token_id`,
          [report.id, report.expiresAt],
        );
        if (rows.length === 0) return 0;
        for (const { remote, version, cohort, outcome, pages = 1 } of report.signals) {
          await tx.query(
            `INSERT INTO remote_server_minutes AS s (minute, remote, version, cohort, pages, unrendered)
             VALUES (date_trunc('minute', now()), $1, $2, $3, $4, $5)
             ON CONFLICT (minute, remote, version, cohort) DO UPDATE SET pages = s.pages + EXCLUDED.pages, unrendered = s.unrendered + EXCLUDED.unrendered`,
            [remote, version, cohort, pages, outcome === 'unrendered' ? pages : 0],
          );
        }
        return report.signals.length;
      });
    },

    /**
     * Counts one view token given to a client (its address's keyed hash) in the current window of
     * `windowMs` (kept beside the rate limits' counters, swept as theirs); whether it is within `limit`,
     * and how long until the window ends (an address refused stays refused until then).
     */
    async grantView(client: string, { limit, windowMs }: { limit: number; windowMs: number }): Promise<{ granted: boolean; retryAfterMs: number }> {
      const { rows } = await db.query<{ hits: number; retry_after_ms: number }>(
        `INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
         RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::int AS retry_after_ms`,
        [`view-grant:${client}`, windowMs],
      );
      const { hits, retry_after_ms: retryAfterMs } = rows[0]!;
      return { granted: hits <= limit, retryAfterMs: Math.min(Math.max(retryAfterMs, 0), windowMs) };
    },

    /**
     * Counts what a valid view token vouches for: each kind of event, and each vital, of each
     * remote the token names, once per token (the first value of a vital in the batch; a later one
     * changes nothing), with the version and cohort the token gives (a beacon names only the
     * remote, and the kind or vital). Returns how many were counted (a vital counts as an event):
     * none for a replay, none for a remote the token does not name, none once the client's address
     * has had `cap.limit` counted in the window (its count is kept beside the rate limits', under a
     * hash of the address).
     */
    async recordVouched(
      token: VerifiedViewToken,
      events: VouchedEvent[],
      cap: { client: string; limit: number; windowMs: number },
      /** The keyed hash of the client's network (addressHash.ts's networkHasher). */
      network = cap.client,
    ): Promise<number> {
      const vouched = new Map<string, { remote: string; kind: string; health?: HealthEvent; vital?: VitalSample }>();
      for (const event of events) {
        const deployment = token.deployments[event.remote as keyof VerifiedViewToken['deployments']];
        if (!deployment) continue;
        const { remote } = event;
        const kind = 'vital' in event ? vitalKind(event.vital) : event.kind;
        if (vouched.has(`${remote} ${kind}`)) continue;
        vouched.set(
          `${remote} ${kind}`,
          'vital' in event
            ? { remote, kind, vital: { remote, vital: event.vital, value: event.value, version: deployment.version, cohort: deployment.cohort } }
            : { remote, kind, health: { remote, kind: event.kind, version: deployment.version, cohort: deployment.cohort } },
        );
      }
      if (vouched.size === 0) return 0;
      const overCap = new Error('over the cap');
      try {
        return await db.transaction(async (tx) => {
          const counted: HealthEvent[] = [];
          const sampled: VitalSample[] = [];
          // Views first: an error or a vital counts only beside a view of the same token and
          // remote, counted before or in this beacon (one that comes without is nobody's page).
          const ordered = [...vouched.values()].sort((a, b) => Number(b.kind === 'view') - Number(a.kind === 'view'));
          for (const { remote, kind, health, vital } of ordered) {
            if (kind !== 'view') {
              const viewed = await tx.query(`SELECT 1 FROM view_token_counts WHERE token_id = $1 AND remote = $2 AND kind = 'view'`, [token.id, remote]);
              if (viewed.rows.length === 0) continue;
            }
            const { rows } = await tx.query(
              `INSERT INTO view_token_counts (token_id, remote, kind, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))
               ON CONFLICT DO NOTHING RETURNING token_id`,
              [token.id, remote, kind, token.expiresAt],
            );
            if (rows.length === 0) continue;
            if (health) counted.push(health);
            if (vital) sampled.push(vital);
          }
          const n = counted.length + sampled.length;
          if (n === 0) return 0;
          const { rows } = await tx.query<{ hits: number }>(
            `INSERT INTO rate_limit_hits AS r (key, hits, reset_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
             ON CONFLICT (key) DO UPDATE SET
               hits = CASE WHEN r.reset_at <= now() THEN EXCLUDED.hits ELSE r.hits + EXCLUDED.hits END,
               reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
             RETURNING hits`,
            [`telemetry-counted:${cap.client}`, n, cap.windowMs],
          );
          // Past the cap nothing of this beacon is kept (its tokens stay unused, its count unraised).
          if (rows[0]!.hits > cap.limit) throw overCap;
          await addUp(tx, counted);
          await addVitals(tx, sampled);
          await addNetworkVotes(tx, network, [...counted.map((health) => ({ health })), ...sampled.map((vital) => ({ vital }))]);
          return n;
        });
      } catch (error) {
        if (error === overCap) return 0;
        throw error;
      }
    },

    /**
     * Per deployment (version and cohort), the counters and the vitals' buckets of the last
     * `minutes` minutes, the current one included: a deployment with only vitals counted has its
     * counters at zero, one with no vitals its buckets empty.
     */
    async summary(minutes: number, remote?: string): Promise<DeploymentHealth[]> {
      const { rows } = await db.query<{
        remote: string;
        version: string;
        cohort: Cohort;
        views: string;
        load_failures: string;
        render_errors: string;
        hydration_errors: string;
        vitals: [string, number, number | string][] | null;
        networks: [string, number | string][] | null;
        server_pages: string | null;
        server_unrendered: string | null;
      }>(
        `WITH health AS (
           SELECT remote, version, cohort, sum(views) AS views, sum(load_failures) AS load_failures,
                  sum(render_errors) AS render_errors, sum(hydration_errors) AS hydration_errors
             FROM remote_health_minutes
            WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) AND ($2::text IS NULL OR remote = $2)
            GROUP BY remote, version, cohort
         ), vitals AS (
           SELECT remote, version, cohort, vital, bucket, sum(samples) AS samples
             FROM remote_vitals_minutes
            WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) AND ($2::text IS NULL OR remote = $2)
            GROUP BY remote, version, cohort, vital, bucket
         ), votes AS (
           SELECT remote, version, cohort, network, vote
             FROM remote_health_networks
            WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) AND ($2::text IS NULL OR remote = $2)
         ), networks AS (
           -- A view, an error: each network once.
           SELECT remote, version, cohort, vote, count(DISTINCT network) AS networks
             FROM votes WHERE position(':' in vote) = 0
            GROUP BY remote, version, cohort, vote
           UNION ALL
           -- A vital: each network once too, in the middle one of the buckets it saw (a network
           -- that spread its samples over many buckets still casts one vote).
           SELECT remote, version, cohort, vital || ':' || bucket AS vote, count(*) AS networks
             FROM (SELECT remote, version, cohort, network, split_part(vote, ':', 1) AS vital,
                          percentile_disc(0.5) WITHIN GROUP (ORDER BY split_part(vote, ':', 2)::int) AS bucket
                     FROM votes WHERE position(':' in vote) > 0
                    GROUP BY remote, version, cohort, network, split_part(vote, ':', 1)) AS one_vote
            GROUP BY remote, version, cohort, vital, bucket
         ), server AS (
           SELECT remote, version, cohort, sum(pages) AS pages, sum(unrendered) AS unrendered
             FROM remote_server_minutes
            WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) AND ($2::text IS NULL OR remote = $2)
            GROUP BY remote, version, cohort
         ), deployments AS (
           SELECT remote, version, cohort FROM health UNION SELECT remote, version, cohort FROM vitals
           UNION SELECT remote, version, cohort FROM networks UNION SELECT remote, version, cohort FROM server
         )
         SELECT d.remote, d.version, d.cohort,
                coalesce(h.views, 0) AS views, coalesce(h.load_failures, 0) AS load_failures,
                coalesce(h.render_errors, 0) AS render_errors, coalesce(h.hydration_errors, 0) AS hydration_errors,
                (SELECT json_agg(json_build_array(v.vital, v.bucket, v.samples))
                   FROM vitals v WHERE v.remote = d.remote AND v.version = d.version AND v.cohort = d.cohort) AS vitals,
                (SELECT json_agg(json_build_array(n.vote, n.networks))
                   FROM networks n WHERE n.remote = d.remote AND n.version = d.version AND n.cohort = d.cohort) AS networks,
                srv.pages AS server_pages, srv.unrendered AS server_unrendered
           FROM deployments d LEFT JOIN health h ON h.remote = d.remote AND h.version = d.version AND h.cohort = d.cohort
           LEFT JOIN server srv ON srv.remote = d.remote AND srv.version = d.version AND srv.cohort = d.cohort
          ORDER BY d.remote, d.cohort, d.version`,
        [minutes, remote ?? null],
      );
      return rows.map((row) => {
        const vitals = emptyVitals();
        for (const [vital, bucket, samples] of row.vitals ?? []) {
          // A bucket or vital this version does not know (kept by another) is left out, not misplaced.
          const buckets = (VITALS as readonly string[]).includes(vital) ? vitals[vital as Vital] : undefined;
          if (buckets && Number.isInteger(bucket) && bucket >= 0 && bucket < buckets.length) buckets[bucket] = Number(samples);
        }
        const networks: NetworkHealth = { views: 0, errors: 0, vitals: emptyVitals() };
        for (const [vote, count] of row.networks ?? []) {
          if (vote === 'view') networks.views = Number(count);
          else if (vote === 'error') networks.errors = Number(count);
          else {
            const place = bucketOfVote(vote);
            if (place) networks.vitals[place.vital][place.bucket] = Number(count);
          }
        }
        return {
          remote: row.remote,
          version: row.version,
          cohort: row.cohort,
          views: Number(row.views),
          loadFailures: Number(row.load_failures),
          renderErrors: Number(row.render_errors),
          hydrationErrors: Number(row.hydration_errors),
          vitals,
          networks,
          server: { pages: Number(row.server_pages ?? 0), unrendered: Number(row.server_unrendered ?? 0) },
        };
      });
    },
  };
}
