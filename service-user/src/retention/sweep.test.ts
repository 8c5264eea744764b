import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RETENTION_KINDS, retentionMs, type RetentionKind } from '@site/contract/retention';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { createMetrics } from '../http/metrics';
import { backends, freshDatabase, testConfig } from '../testing/harness';
import { claimScheduledRun, createRetentionSweeper, RETENTION_SWEEP, sweepRetention } from './sweep';

// The test's clock: every row's time is set from it, and the sweep is given it.
const NOW = new Date('2031-06-15T12:00:00.000Z');
const SECOND = 1000;
/** A time `kind`'s period before NOW, moved by `offsetMs` (+1 s: one second younger than the period; -1 s: older). */
const atPeriod = (kind: RetentionKind, offsetMs: number) => new Date(NOW.getTime() - retentionMs(kind) + offsetMs).toISOString();
const YOUNGER = SECOND;
const OLDER = -SECOND;

describe.each(backends)('the retention sweep on %s', (backend) => {
  let db: Database;
  beforeEach(async () => {
    db = await freshDatabase(backend);
    await migrate(db);
  });
  afterEach(() => db.close());

  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

  it('deletes each kind one second past its period and keeps it one second short of it', async () => {
    for (const [name, offset] of [
      ['young', YOUNGER],
      ['old', OLDER],
    ] as const) {
      await db.query('INSERT INTO contact_messages (firstname, lastname, email, subject, message, created_at) VALUES ($1, $1, $2, $1, $1, $3)', [
        name,
        `${name}@example.com`,
        atPeriod('contactMessage', offset),
      ]);
      await db.query('INSERT INTO mail_outbox (mail, created_at, sent_at) VALUES ($1, $2, $3)', [
        JSON.stringify({ to: `${name}@example.com`, subject: name, text: name }),
        atPeriod('sentMail', offset - SECOND),
        atPeriod('sentMail', offset),
      ]);
      await db.query("INSERT INTO newsletter_subscriptions (email, status, created_at) VALUES ($1, 'pending', $2)", [
        `${name}@example.com`,
        atPeriod('unconfirmedNewsletter', offset),
      ]);
      await db.query('INSERT INTO pending_checkouts (session_id, uid, customer_id, email, received_at) VALUES ($1, $1, $1, $1, $2)', [name, atPeriod('pendingCheckout', offset)]);
      await db.query('INSERT INTO erased_accounts (uid_hash, erased_at) VALUES ($1, $2)', [name, atPeriod('finishedDeletion', offset)]);
      await db.query('INSERT INTO erased_customers (customer_id, erased_at) VALUES ($1, $2)', [name, atPeriod('finishedDeletion', offset)]);
      // A rate-limit record goes as its window ends.
      await db.query('INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, $2)', [name, new Date(NOW.getTime() + offset).toISOString()]);
      await db.query("INSERT INTO remote_health_minutes (minute, remote, version, cohort, views) VALUES ($1, $2, 'v', 'stable', 1)", [atPeriod('healthMinutes', offset), name]);
      await db.query("INSERT INTO remote_vitals_minutes (minute, remote, version, cohort, vital, bucket, samples) VALUES ($1, $2, 'v', 'stable', 'lcp', 0, 1)", [
        atPeriod('healthMinutes', offset),
        name,
      ]);
    }
    // A confirmed subscription is consent: kept however old.
    await db.query("INSERT INTO newsletter_subscriptions (email, status, created_at, confirmed_at) VALUES ('confirmed@example.com', 'confirmed', $1, $1)", [
      atPeriod('unconfirmedNewsletter', -100 * SECOND),
    ]);
    const outbox = mkdtempSync(join(tmpdir(), 'service-user-retention-'));
    try {
      for (const [name, offset] of [
        ['young', YOUNGER],
        ['old', OLDER],
      ] as const) {
        const file = join(outbox, `${name}.eml`);
        writeFileSync(file, 'Subject: x\r\n\r\nx');
        const time = new Date(atPeriod('localOutboxFile', offset));
        utimesSync(file, time, time);
      }

      const counts = await sweepRetention(db, NOW, { outboxDir: outbox });
      expect(counts).toEqual({
        contactMessage: 1,
        sentMail: 1,
        unconfirmedNewsletter: 1,
        pendingCheckout: 1,
        finishedDeletion: 2,
        rateLimitRecord: 1,
        healthMinutes: 2,
        localOutboxFile: 1,
      });
      expect(Object.keys(counts).sort()).toEqual([...RETENTION_KINDS].sort());
      expect(readdirSync(outbox)).toEqual(['young.eml']);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
    expect(await count("contact_messages WHERE firstname = 'young'")).toBe(1);
    expect(await count('contact_messages')).toBe(1);
    expect(await count("mail_outbox WHERE mail->>'subject' = 'young'")).toBe(1);
    expect(await count('mail_outbox')).toBe(1);
    expect((await db.query<{ email: string }>('SELECT email FROM newsletter_subscriptions ORDER BY email')).rows.map((row) => row.email)).toEqual([
      'confirmed@example.com',
      'young@example.com',
    ]);
    expect(await count("pending_checkouts WHERE session_id = 'young'")).toBe(1);
    expect(await count('pending_checkouts')).toBe(1);
    expect(await count("erased_accounts WHERE uid_hash = 'young'")).toBe(1);
    expect(await count('erased_accounts')).toBe(1);
    expect(await count('erased_customers')).toBe(1);
    expect(await count("rate_limit_hits WHERE key = 'young'")).toBe(1);
    expect(await count('rate_limit_hits')).toBe(1);
    expect(await count("remote_health_minutes WHERE remote = 'young'")).toBe(1);
    expect(await count('remote_health_minutes')).toBe(1);
    expect(await count('remote_vitals_minutes')).toBe(1);

    // Nothing more is past its period at the same time.
    expect(Object.values(await sweepRetention(db, NOW)).every((n) => n === 0)).toBe(true);
  });

  it('deletes in bounded batches, all of what is due in one run', async () => {
    const rows = RETENTION_SWEEP.batch * 2 + 7;
    await db.query(
      `INSERT INTO contact_messages (firstname, lastname, email, subject, message, created_at)
       SELECT 'a', 'b', 'c@example.com', 's', 'm', $1::timestamptz FROM generate_series(1, $2)`,
      [atPeriod('contactMessage', OLDER), rows],
    );
    const statements: string[] = [];
    const counted: Database = { ...db, query: (sql, params) => (statements.push(sql), db.query(sql, params)) };
    expect((await sweepRetention(counted, NOW)).contactMessage).toBe(rows);
    expect(statements.filter((sql) => sql.startsWith('DELETE FROM contact_messages'))).toHaveLength(3);
    expect(await count('contact_messages')).toBe(0);
  });

  it('runs on one replica at a time: of two asking at once one takes the run, and it is not due again until its period is over', async () => {
    const claims = await Promise.all([claimScheduledRun(db, 'test-work', 60_000), claimScheduledRun(db, 'test-work', 60_000)]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    expect(await claimScheduledRun(db, 'test-work', 60_000)).toBeNull();
    // Its time comes (the schedule is the database's: moved here rather than waited for).
    await db.query("UPDATE scheduled_work SET next_run_at = now() - interval '1 second' WHERE name = 'test-work'");
    expect(await claimScheduledRun(db, 'test-work', 60_000)).toBeInstanceOf(Date);
  });

  it("sweeps on the service's schedule, not when a beacon arrives, and counts what it deleted", async () => {
    await db.query("INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, now() - interval '1 second')", ['ended']);
    const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: false });
    const logger = { info: jest.fn(), warn: jest.fn() };
    const sweeper = createRetentionSweeper({ db, config: testConfig(), logger, metrics });
    const other = createRetentionSweeper({ db, config: testConfig(), logger, metrics });
    const [mine, theirs] = await Promise.all([sweeper.runIfDue(), other.runIfDue()]);
    expect([mine, theirs].filter((run) => run !== null)).toEqual([expect.objectContaining({ rateLimitRecord: 1 })]);
    expect(await count('rate_limit_hits')).toBe(0);
    expect(await metrics.registry.getSingleMetricAsString('retention_rows_deleted_total')).toMatch(/retention_rows_deleted_total\{kind="rateLimitRecord"\} 1/);
    expect(await sweeper.runIfDue()).toBeNull();
  });
});
