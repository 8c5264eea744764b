import type { Database } from './database';

/** Versioned schema changes, applied in order at start; never edit one that has shipped. */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE users (
        uid text PRIMARY KEY,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE stripe_customers (
        customer_id text PRIMARY KEY,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE subscriptions (
        subscription_id text PRIMARY KEY,
        customer_id text NOT NULL,
        uid text REFERENCES users(uid) ON DELETE CASCADE,
        status text NOT NULL,
        trial_end bigint,
        current_period_end bigint,
        product_id text,
        last_event_at bigint NOT NULL,
        last_event_rank integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX subscriptions_uid ON subscriptions(uid);
      CREATE INDEX subscriptions_customer ON subscriptions(customer_id);
      CREATE TABLE stripe_products (
        product_id text PRIMARY KEY,
        name text NOT NULL,
        last_event_at bigint NOT NULL
      );
      CREATE TABLE devices (
        uid text PRIMARY KEY REFERENCES users(uid) ON DELETE CASCADE,
        device_id text NOT NULL UNIQUE,
        device_name text NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE contact_messages (
        id bigserial PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE newsletter_subscriptions (
        email text PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE stripe_events (
        event_id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'checkouts pending registration, contact idempotency keys',
    sql: `
      -- A completed checkout whose user has not registered yet: applied when the user registers.
      CREATE TABLE pending_checkouts (
        session_id text PRIMARY KEY,
        uid text NOT NULL,
        customer_id text NOT NULL,
        email text,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX pending_checkouts_uid ON pending_checkouts(uid);
      ALTER TABLE contact_messages ADD COLUMN idempotency_key text UNIQUE;
    `,
  },
  {
    version: 3,
    name: 'public rate-limit counters shared by every replica',
    sql: `
      -- One row per client and window; counters are cheap to lose, so no write-ahead log.
      CREATE UNLOGGED TABLE rate_limit_hits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL
      );
      CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits(reset_at);
    `,
  },
  {
    version: 4,
    name: "remote health counters per minute (the shell's beacons)",
    sql: `
      -- Counters only: no visitor, address or agent is kept, just what a release decision needs.
      CREATE TABLE remote_health_minutes (
        minute timestamptz NOT NULL,
        remote text NOT NULL,
        version text NOT NULL,
        cohort text NOT NULL,
        views integer NOT NULL DEFAULT 0,
        load_failures integer NOT NULL DEFAULT 0,
        render_errors integer NOT NULL DEFAULT 0,
        hydration_errors integer NOT NULL DEFAULT 0,
        PRIMARY KEY (minute, remote, version, cohort)
      );
      CREATE INDEX remote_health_minutes_remote_minute ON remote_health_minutes(remote, minute);
    `,
  },
  {
    version: 5,
    name: "a subscription's scheduled end (cancelled at the period end, still live until then)",
    sql: `
      -- Stripe's cancel_at (or the period end when cancel_at_period_end is set); null: it renews.
      ALTER TABLE subscriptions ADD COLUMN cancel_at bigint;
    `,
  },
  {
    version: 6,
    name: "accounts deleted at their user's request",
    sql: `
      -- A deleted account's uid, hashed (nothing else of it is kept): a token issued before the
      -- deletion cannot create the user again, nor can a late Stripe event bring its data back.
      CREATE TABLE erased_accounts (
        uid_hash text PRIMARY KEY,
        erased_at timestamptz NOT NULL DEFAULT now()
      );
      -- The Stripe customers of deleted accounts: their late events (the cancellation's) store nothing.
      CREATE TABLE erased_customers (
        customer_id text PRIMARY KEY,
        erased_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 7,
    name: 'mail outbox, newsletter double opt-in',
    sql: `
      -- Every mail is stored (with what caused it, in one transaction) before it is sent; any
      -- replica sends it, one at a time (a lease), again later if the server refused it.
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        mail jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        leased_until timestamptz,
        sent_at timestamptz,
        last_error text
      );
      CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL;
      -- A subscription is active only once its owner followed the confirmation link. The rows
      -- from before were never confirmed by anyone: they stay pending (no mail goes to them).
      ALTER TABLE newsletter_subscriptions
        ADD COLUMN id bigserial UNIQUE,
        ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
        ADD COLUMN locale text NOT NULL DEFAULT 'ro',
        ADD COLUMN confirmed_at timestamptz,
        ADD COLUMN last_mail_at timestamptz;
    `,
  },
  {
    version: 8,
    name: 'subscription reads from Stripe in order',
    sql: `
      -- Each read of a subscription from Stripe's API takes a number before it starts, and no
      -- lock is held while Stripe answers: a state read is stored only over one read earlier,
      -- so the state kept is that of the last read started, whatever order the answers came in.
      CREATE SEQUENCE subscription_read_tickets;
      ALTER TABLE subscriptions ADD COLUMN read_ticket bigint;
    `,
  },
  {
    version: 9,
    name: 'account deletions in steps',
    sql: `
      -- A deletion under way. No request holds the database while Stripe or Identity Toolkit
      -- answers, so the step reached is kept here: one request at a time runs it (until
      -- claimed_until, past which a retry takes it over), and once the Firebase user is gone
      -- (identity_deleted_at) the rest needs no one's token: a retry or any replica erases the
      -- rows, with the address the user had verified. The row goes with the account's rows.
      CREATE TABLE account_deletions (
        uid text PRIMARY KEY,
        verified_email text,
        started_at timestamptz NOT NULL DEFAULT now(),
        claim_id uuid NOT NULL,
        claimed_until timestamptz NOT NULL,
        identity_deleted_at timestamptz
      );
      CREATE INDEX account_deletions_unfinished ON account_deletions(claimed_until) WHERE identity_deleted_at IS NOT NULL;
    `,
  },
  {
    version: 10,
    name: 'view tokens counted once',
    sql: `
      -- The health beacons count only with a view token the site's server signed, once per
      -- token, remote and kind: a row here is a count already made (the token's id is a random
      -- nonce, nothing that names a visitor), deleted once the token has expired.
      CREATE TABLE view_token_counts (
        token_id text NOT NULL,
        remote text NOT NULL,
        kind text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (token_id, remote, kind)
      );
      CREATE INDEX view_token_counts_expires_at ON view_token_counts(expires_at);
    `,
  },
  {
    version: 11,
    name: "remote vitals per minute in fixed buckets (the shell's beacons)",
    sql: `
      -- Of each vital (LCP, INP, CLS) a count per bucket of its value (contract/telemetry.ts's
      -- VITAL_BUCKETS), per minute and deployment: no value, visitor, address or agent is kept. A
      -- vital is counted once per view token and remote (view_token_counts, kind 'vital:<name>').
      CREATE TABLE remote_vitals_minutes (
        minute timestamptz NOT NULL,
        remote text NOT NULL,
        version text NOT NULL,
        cohort text NOT NULL,
        vital text NOT NULL,
        bucket smallint NOT NULL,
        samples integer NOT NULL DEFAULT 0,
        PRIMARY KEY (minute, remote, version, cohort, vital, bucket)
      );
      CREATE INDEX remote_vitals_minutes_remote_minute ON remote_vitals_minutes(remote, minute);
    `,
  },
  {
    version: 12,
    name: 'account deletions as durable jobs, the schedule of background work',
    sql: `
      -- A deletion is recorded, with what finishing it needs, before its first call that cannot
      -- be taken back: the user's ID token (Identity Toolkit deletes a user only with it; it lives
      -- an hour at most and is cleared once the sign-in is deleted), so a deletion stopped while
      -- Identity Toolkit answered (a crash, a kill) is retried by any replica, with backoff, until
      -- it ends: done, or reported as failed (failed_at).
      ALTER TABLE account_deletions
        ADD COLUMN id_token text,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN last_error text,
        ADD COLUMN failed_at timestamptz;
      CREATE INDEX account_deletions_due ON account_deletions(next_attempt_at) WHERE failed_at IS NULL;
      -- Work that runs on a schedule (the retention sweep): the replica whose update moves
      -- next_run_at forward runs it, the others see it taken.
      CREATE TABLE scheduled_work (
        name text PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        last_run_at timestamptz
      );
      CREATE INDEX mail_outbox_sent_at ON mail_outbox(sent_at) WHERE sent_at IS NOT NULL;
      CREATE INDEX contact_messages_created_at ON contact_messages(created_at);
      CREATE INDEX pending_checkouts_received_at ON pending_checkouts(received_at);
    `,
  },
  {
    version: 13,
    name: 'release health by network: which networks saw a view, an error, a vital in a bucket',
    sql: `
      -- Evidence counted by network, not by event: per minute and deployment, one row per network
      -- (a keyed hash of the /24 of an IPv4 address or the /48 of an IPv6 one, never the address)
      -- and vote ('view', 'error', '<vital>:<bucket>'). The summary counts distinct networks over
      -- its window, so no network weighs more than one vote per kind. Swept when the summary's
      -- longest window has passed (retention/sweep.ts).
      CREATE TABLE remote_health_networks (
        minute timestamptz NOT NULL,
        remote text NOT NULL,
        version text NOT NULL,
        cohort text NOT NULL,
        vote text NOT NULL,
        network text NOT NULL,
        PRIMARY KEY (minute, remote, version, cohort, vote, network)
      );
      CREATE INDEX remote_health_networks_remote_minute ON remote_health_networks(remote, minute);
    `,
  },
  {
    version: 14,
    name: "what the site's server saw itself of each release: pages drawn and served unrendered",
    sql: `
      -- Per minute and deployment, the pages the site's server drew from it and those it served
      -- unrendered (its manifest or render entry not fetched or verified, its render failed or
      -- timed out), for pages given a view token: counts only, nothing of a visitor.
      CREATE TABLE remote_server_minutes (
        minute timestamptz NOT NULL,
        remote text NOT NULL,
        version text NOT NULL,
        cohort text NOT NULL,
        pages integer NOT NULL DEFAULT 0,
        unrendered integer NOT NULL DEFAULT 0,
        PRIMARY KEY (minute, remote, version, cohort)
      );
      CREATE INDEX remote_server_minutes_remote_minute ON remote_server_minutes(remote, minute);
    `,
  },
  {
    version: 15,
    name: "a change to what a signed-in page shows is told as it commits (the site's servers keep what they read until then)",
    sql: `
      -- Every write to what the account's pages read (pageReads: the user's subscriptions and their
      -- products' names, the linked phone) notifies the channel page_changes at commit, with the
      -- user's uid, or '*' for every user: each replica of the service listening tells the site's
      -- servers following it (GET /page-changes). So does a user's deletion (its token, still
      -- signed, is refused from then on).
      CREATE FUNCTION page_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'stripe_products' THEN
          PERFORM pg_notify('page_changes', '*');
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.uid IS NOT NULL THEN
          PERFORM pg_notify('page_changes', OLD.uid);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.uid IS NOT NULL THEN
          PERFORM pg_notify('page_changes', NEW.uid);
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER subscriptions_page_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION page_change();
      CREATE TRIGGER devices_page_change AFTER INSERT OR UPDATE OR DELETE ON devices
        FOR EACH ROW EXECUTE FUNCTION page_change();
      CREATE TRIGGER users_page_change AFTER DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION page_change();
      CREATE TRIGGER stripe_products_page_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stripe_products
        FOR EACH STATEMENT EXECUTE FUNCTION page_change();
    `,
  },
  {
    version: 16,
    name: "a change is told on its schema's channel: services in other schemas of the database do not hear it",
    sql: `
      -- A notification's channel is the whole database's. The service's tables in public (every
      -- deployment's) keep the channel page_changes; in another schema (a staging service beside
      -- production, the tests' services side by side) the channel is page_changes: and the md5 of
      -- the schema's name (a channel's name is at most 63 bytes), as the service's listening
      -- works it out (pageChangesChannel, pageChanges/hub.ts).
      CREATE OR REPLACE FUNCTION page_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        channel text := CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'page_changes' ELSE 'page_changes:' || md5(TG_TABLE_SCHEMA) END;
      BEGIN
        IF TG_TABLE_NAME = 'stripe_products' THEN
          PERFORM pg_notify(channel, '*');
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.uid IS NOT NULL THEN
          PERFORM pg_notify(channel, OLD.uid);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.uid IS NOT NULL THEN
          PERFORM pg_notify(channel, NEW.uid);
        END IF;
        RETURN NULL;
      END
      $$;
    `,
  },
];

// Any fixed number: replicas starting together take turns on the migrations.
const MIGRATION_LOCK = 4_724_019;

export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    // A schema change may take longer than the statement timeout that bounds requests.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const ran: number[] = [];
    // By version, whatever their order in the list (a version may land after a later one).
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      ran.push(migration.version);
    }
    return ran;
  });
}
