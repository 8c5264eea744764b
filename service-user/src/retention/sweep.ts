import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { RETENTION_DAYS, retentionMs, type RetentionKind } from '@site/contract/retention';
import { SUMMARY_MAX_MINUTES } from '@site/contract/telemetry';
import type { Database, Queryable } from '../db/database';
import type { Config } from '../environment';
import type { Logger } from '../http/logging';
import type { Metrics } from '../http/metrics';
import { periodicWork } from '../background/periodicWork';

/** How much sooner than the health minutes the networks' hashes go: they count in no window after the summary's longest. */
const HEALTH_RETENTION_NETWORK_SLACK_MINUTES = RETENTION_DAYS.healthMinutes * 1440 - SUMMARY_MAX_MINUTES;

/**
 * What each kind of personal data in the retention table (@site/contract: contract/src/retention.ts) is, in the
 * database: the statements that delete one bounded batch of its rows older than the cutoff ($1,
 * a timestamp: the sweep's clock minus the kind's period; $2, the batch's size). Each is one
 * statement on its own (no transaction, no connection held between batches). The local outbox's
 * files are not rows: sweepOutboxFiles.
 */
export const RETENTION_RULES: Record<Exclude<RetentionKind, 'localOutboxFile'>, { tables: string[]; batches: string[]; cutoff?: 'now' }> = {
  contactMessage: {
    tables: ['contact_messages'],
    batches: ['DELETE FROM contact_messages WHERE id IN (SELECT id FROM contact_messages WHERE created_at < $1 LIMIT $2)'],
  },
  sentMail: {
    tables: ['mail_outbox'],
    // Sent since the period, or never sent within it (its delivery gave up long before): the whole mail goes.
    batches: ['DELETE FROM mail_outbox WHERE id IN (SELECT id FROM mail_outbox WHERE (sent_at < $1) OR (sent_at IS NULL AND created_at < $1) LIMIT $2)'],
  },
  unconfirmedNewsletter: {
    tables: ['newsletter_subscriptions'],
    batches: ["DELETE FROM newsletter_subscriptions WHERE email IN (SELECT email FROM newsletter_subscriptions WHERE status = 'pending' AND created_at < $1 LIMIT $2)"],
  },
  pendingCheckout: {
    tables: ['pending_checkouts'],
    batches: ['DELETE FROM pending_checkouts WHERE session_id IN (SELECT session_id FROM pending_checkouts WHERE received_at < $1 LIMIT $2)'],
  },
  finishedDeletion: {
    tables: ['erased_accounts', 'erased_customers'],
    batches: [
      'DELETE FROM erased_accounts WHERE uid_hash IN (SELECT uid_hash FROM erased_accounts WHERE erased_at < $1 LIMIT $2)',
      'DELETE FROM erased_customers WHERE customer_id IN (SELECT customer_id FROM erased_customers WHERE erased_at < $1 LIMIT $2)',
    ],
  },
  rateLimitRecord: {
    tables: ['rate_limit_hits'],
    // A record goes when its window ends (a window is an hour at most, well inside the day the table allows).
    cutoff: 'now',
    batches: ['DELETE FROM rate_limit_hits WHERE key IN (SELECT key FROM rate_limit_hits WHERE reset_at < $1 LIMIT $2)'],
  },
  healthMinutes: {
    tables: ['remote_health_minutes', 'remote_vitals_minutes', 'view_token_counts', 'remote_health_networks', 'remote_server_minutes'],
    batches: [
      'DELETE FROM remote_server_minutes WHERE (minute, remote, version, cohort) IN (SELECT minute, remote, version, cohort FROM remote_server_minutes WHERE minute < $1 LIMIT $2)',
      // The networks' keyed hashes go sooner: once the summary's longest window (a day) has passed them.
      `DELETE FROM remote_health_networks WHERE (minute, remote, version, cohort, vote, network) IN
         (SELECT minute, remote, version, cohort, vote, network FROM remote_health_networks
           WHERE minute < $1::timestamptz + make_interval(mins => ${HEALTH_RETENTION_NETWORK_SLACK_MINUTES}) LIMIT $2)`,
      'DELETE FROM remote_health_minutes WHERE (minute, remote, version, cohort) IN (SELECT minute, remote, version, cohort FROM remote_health_minutes WHERE minute < $1 LIMIT $2)',
      `DELETE FROM remote_vitals_minutes WHERE (minute, remote, version, cohort, vital, bucket) IN
         (SELECT minute, remote, version, cohort, vital, bucket FROM remote_vitals_minutes WHERE minute < $1 LIMIT $2)`,
    ],
  },
};

/** A view token's counts are kept only until it expires (it counts nothing after): not personal, swept with the health minutes. */
const EXPIRED_VIEW_TOKENS = 'DELETE FROM view_token_counts WHERE (token_id, remote, kind) IN (SELECT token_id, remote, kind FROM view_token_counts WHERE expires_at < $1 LIMIT $2)';

/** The sweep's pace, named once. */
export const RETENTION_SWEEP = {
  /** Rows deleted per statement: a short statement, PGlite's one connection free again at once. */
  batch: 500,
  /** Batches per kind and run at most: a run is bounded, and the next run goes on. */
  maxBatches: 200,
  /** A run every hour (one replica's: scheduled_work), so a row outlives its period by an hour at most. */
  everyMs: 60 * 60_000,
  /** Each replica looks whether the run is due this often. */
  pollMs: 5 * 60_000,
} as const;

const SCHEDULE_NAME = 'retention-sweep';

/** Deletes `sql`'s rows in batches until none is left or the run's bound is reached; answers how many. */
async function inBatches(db: Queryable, sql: string, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < RETENTION_SWEEP.maxBatches; i += 1) {
    const { rows } = await db.query(`${sql} RETURNING 1`, [cutoff.toISOString(), RETENTION_SWEEP.batch]);
    deleted += rows.length;
    if (rows.length < RETENTION_SWEEP.batch) break;
    // Another request's turn on the connection between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/** Local mode's outbox files older than their period (by their time of writing). */
async function sweepOutboxFiles(dir: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  let deleted = 0;
  for (const name of names.slice(0, RETENTION_SWEEP.batch * RETENTION_SWEEP.maxBatches)) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff.getTime()) {
      await unlink(file).catch(() => undefined);
      deleted += 1;
    }
  }
  return deleted;
}

/**
 * Deletes what the retention table says is past its period at `now` (a clock the caller
 * controls: the database's for the scheduled runs, the test's in the tests): a row whose time is
 * earlier than `now` minus its kind's period goes; one at it or later stays. Answers the count of
 * each kind.
 */
export async function sweepRetention(db: Queryable, now: Date, { outboxDir }: { outboxDir?: string } = {}): Promise<Record<RetentionKind, number>> {
  const counts = {} as Record<RetentionKind, number>;
  for (const [kind, rule] of Object.entries(RETENTION_RULES) as [keyof typeof RETENTION_RULES, (typeof RETENTION_RULES)[keyof typeof RETENTION_RULES]][]) {
    const cutoff = rule.cutoff === 'now' ? now : new Date(now.getTime() - retentionMs(kind));
    counts[kind] = 0;
    for (const sql of rule.batches) counts[kind] += await inBatches(db, sql, cutoff);
  }
  await inBatches(db, EXPIRED_VIEW_TOKENS, now);
  counts.localOutboxFile = outboxDir ? await sweepOutboxFiles(outboxDir, new Date(now.getTime() - retentionMs('localOutboxFile'))) : 0;
  return counts;
}

/**
 * Takes the scheduled run if it is due (the database's clock): one statement moves its next time
 * on, so of the replicas asking at once one gets it. Answers the database's time, or null.
 */
export async function claimScheduledRun(db: Queryable, name: string, everyMs: number): Promise<Date | null> {
  const { rows } = await db.query<{ now: Date }>(
    `INSERT INTO scheduled_work AS w (name, next_run_at, last_run_at) VALUES ($1, now() + $2 * interval '1 millisecond', now())
     ON CONFLICT (name) DO UPDATE SET next_run_at = EXCLUDED.next_run_at, last_run_at = EXCLUDED.last_run_at WHERE w.next_run_at <= now()
     RETURNING now() AS now`,
    [name, everyMs],
  );
  const row = rows[0];
  return row ? new Date(row.now) : null;
}

/**
 * The retention sweep on a schedule: every replica looks now and then whether the hourly run is
 * due, the one that takes it (claimScheduledRun) sweeps, in batches (sweepRetention). Nothing
 * waits for a beacon or a request.
 */
export function createRetentionSweeper({
  db,
  config,
  logger,
  metrics,
}: {
  db: Database;
  config: Pick<Config, 'mail' | 'local'>;
  logger: Pick<Logger, 'info' | 'warn'>;
  metrics: Pick<Metrics, 'retentionDeleted'>;
}) {
  const outboxDir = config.mail.transport.kind === 'outbox' ? config.mail.transport.dir : undefined;

  async function runIfDue(): Promise<Record<RetentionKind, number> | null> {
    try {
      const now = await claimScheduledRun(db, SCHEDULE_NAME, RETENTION_SWEEP.everyMs);
      if (!now) return null;
      const counts = await sweepRetention(db, now, { outboxDir });
      for (const [kind, count] of Object.entries(counts)) metrics.retentionDeleted(kind, count);
      if (Object.values(counts).some((n) => n > 0)) logger.info({ deleted: counts }, 'retention sweep: deleted what was kept past its period');
      return counts;
    } catch (error) {
      // The database is away: the next look tries again (the run it took is due again in an hour).
      logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'retention sweep not finished');
      return null;
    }
  }

  const work = periodicWork(runIfDue, RETENTION_SWEEP.pollMs);
  return {
    /** The run if it is due now (or the one under way): its counts, or null when another replica has it or it is not due. */
    runIfDue: work.now,
    start: work.start,
    stop: work.stop,
  };
}

export type RetentionSweeper = ReturnType<typeof createRetentionSweeper>;
