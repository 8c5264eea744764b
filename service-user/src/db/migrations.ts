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
];

// Any fixed number: replicas starting together take turns on the migrations.
const MIGRATION_LOCK = 4_724_019;

export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const ran: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      ran.push(migration.version);
    }
    return ran;
  });
}
