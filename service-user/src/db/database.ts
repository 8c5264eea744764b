import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** PostgreSQL, embedded (PGlite, a real Postgres in a data folder) or a server (DATABASE_URL). */
export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    query: (sql, params) => db.query(sql, params),
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (work) =>
      db.transaction((tx) => work({ query: (sql, params) => tx.query(sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    close: () => db.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => console.error('idle PostgreSQL client failed', error));
  return {
    kind: 'postgres',
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[])).rows }),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[])).rows }),
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
