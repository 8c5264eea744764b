// Where the release state is (the remotes document in force, its history, the published versions):
// the deployment folder (DEPLOY_DIR, the embedded default) or, for a site released from many
// machines and served by several servers, PostgreSQL (RELEASE_DATABASE_URL), with the versions'
// files in an S3 bucket (the release command's side: release/src/pgS3Store.ts). The site's servers
// keep the document in memory and learn of a change by LISTEN/NOTIFY, re-reading it periodically too.
import { parseRemotesDocument, type ManifestPolicy, type RemotesDocument } from '@site/shared-ui/remotes-document';
import pg from 'pg';

import { siteEnv, type Env } from './config';

export const STORE_KINDS = ['folder', 'postgres+s3'] as const;

/** The PostgreSQL side of the store: where the state is. */
export interface StateConfig {
  databaseUrl: string;
  /** The schema of its tables (RELEASE_DATABASE_SCHEMA, default release): never the service's. */
  schema: string;
}

export interface S3Config {
  bucket: string;
  /** Keys start with it ('' or ending with '/'). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

export type StoreConfig = { kind: 'folder' } | ({ kind: 'postgres+s3'; s3: S3Config | null } & StateConfig);

const STATE_VARIABLES = ['RELEASE_DATABASE_URL', 'RELEASE_DATABASE_SCHEMA'];
const S3_VARIABLES = ['RELEASE_S3_BUCKET', 'RELEASE_S3_PREFIX', 'RELEASE_S3_ENDPOINT', 'RELEASE_S3_REGION', 'RELEASE_S3_FORCE_PATH_STYLE'];

const isAbsoluteHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * The store this process talks to, from RELEASE_STORE (folder, the default, or postgres+s3). Fails
 * closed: an unknown kind, a postgres+s3 store missing a setting, or a setting of the PostgreSQL/S3
 * store given while RELEASE_STORE does not ask for it (a typo there must not quietly release into
 * a local folder) refuses, naming the variable. `versions`: whether the S3 side is needed (the
 * release command's; the site's servers read the state only).
 */
export function storeConfig(env: Env = siteEnv(), { versions = true } = {}): StoreConfig {
  const kind = (env.RELEASE_STORE || 'folder') as (typeof STORE_KINDS)[number];
  if (!STORE_KINDS.includes(kind)) throw new Error(`RELEASE_STORE must be ${STORE_KINDS.join(' or ')} (it is "${kind}")`);
  if (kind === 'folder') {
    const stray = [...STATE_VARIABLES, ...S3_VARIABLES].find((name) => env[name]);
    if (stray)
      throw new Error(
        `${stray} is set but RELEASE_STORE is ${env.RELEASE_STORE ? `"${kind}"` : 'unset (the folder store)'}: set RELEASE_STORE=postgres+s3 to use it, or unset ${stray}`,
      );
    return { kind: 'folder' };
  }
  const databaseUrl = env.RELEASE_DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('RELEASE_STORE is postgres+s3: RELEASE_DATABASE_URL must be a postgres:// URL of the release state');
  const schema = env.RELEASE_DATABASE_SCHEMA || 'release';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`RELEASE_DATABASE_SCHEMA must be a lower-case SQL name (it is "${schema}")`);
  // The manifests the document names are the CDN's: a default on this machine would be a typo's result.
  if (!env.DEPLOY_BASE_URL || !isAbsoluteHttpUrl(env.DEPLOY_BASE_URL))
    throw new Error('RELEASE_STORE is postgres+s3: DEPLOY_BASE_URL must be the absolute URL the bucket is served from (the CDN)');
  if (!versions) return { kind, databaseUrl, schema, s3: null };
  const bucket = env.RELEASE_S3_BUCKET;
  if (!bucket) throw new Error('RELEASE_STORE is postgres+s3: RELEASE_S3_BUCKET must name the bucket of the versions');
  const endpoint = env.RELEASE_S3_ENDPOINT || undefined;
  if (endpoint && !isAbsoluteHttpUrl(endpoint)) throw new Error(`RELEASE_S3_ENDPOINT must be an absolute http(s) URL (it is "${endpoint}")`);
  const pathStyle = env.RELEASE_S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`RELEASE_S3_FORCE_PATH_STYLE must be true or false (it is "${pathStyle}")`);
  const prefix = (env.RELEASE_S3_PREFIX || '').replace(/^\/+|\/+$/g, '');
  return {
    kind,
    databaseUrl,
    schema,
    s3: {
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      endpoint,
      region: env.RELEASE_S3_REGION || 'us-east-1',
      // An S3-compatible store other than AWS's usually wants the bucket in the path.
      forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
    },
  };
}

/**
 * How often a site's server re-reads the state besides the notifications (RELEASE_REREAD_MS,
 * default 5 s): a whole number of milliseconds from 100 to 3,600,000, or the start is refused.
 */
export function rereadMsOf(env: Env = siteEnv()): number {
  const value = env.RELEASE_REREAD_MS;
  if (value === undefined || value === '') return 5_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 3_600_000) throw new Error(`RELEASE_REREAD_MS must be a whole number of milliseconds from 100 to 3600000 (it is "${value}")`);
  return ms;
}

/** The NOTIFY channel of every change; its payload is `<schema> <revision>`. */
export const CHANGE_CHANNEL = 'release_state';

const q = (schema: string) => `"${schema}"`;

/**
 * Creates the state's tables when they are missing (one transaction, under an advisory lock: two
 * first users at once do not trip over each other). The state is one row, changed under its lock.
 * Once they are there, it only looks.
 */
export async function ensureStateSchema(client: pg.ClientBase, schema: string): Promise<void> {
  const s = q(schema);
  // Made already: nothing to do, and no right to create anything needed (a team's CI role has none).
  const tables = await client.query<{ made: boolean }>(`SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AND to_regclass($3) IS NOT NULL AS made`, [
    `${s}.state`,
    `${s}.history`,
    `${s}.versions`,
  ]);
  if (tables.rows[0]?.made) return;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`release-state:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.state (one boolean PRIMARY KEY DEFAULT true CHECK (one), revision bigint NOT NULL, document jsonb, changed_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query(`INSERT INTO ${s}.state (one, revision, document) VALUES (true, 0, NULL) ON CONFLICT DO NOTHING`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.history (seq bigserial PRIMARY KEY, revision bigint NOT NULL, entry jsonb NOT NULL)`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.versions (seq bigserial, remote text NOT NULL, version text NOT NULL, integrity jsonb, published_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (remote, version))`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * The document in force and its revision (null: no release yet, its tables not made either: a
 * site's server needs no right to make them, only to read them and LISTEN).
 */
export async function readState(client: pg.ClientBase, schema: string): Promise<{ revision: number; document: unknown }> {
  try {
    const { rows } = await client.query<{ revision: string; document: unknown }>(`SELECT revision, document FROM ${q(schema)}.state`);
    return { revision: Number(rows[0]?.revision ?? 0), document: rows[0]?.document ?? null };
  } catch (error) {
    // undefined_table, invalid_schema_name: the first release has not made them yet.
    if (['42P01', '3F000'].includes((error as { code?: string }).code ?? '')) return { revision: 0, document: null };
    throw error;
  }
}

/** What a site's server says of its remotes document (its health endpoint). */
export interface DocumentHealth {
  source: 'folder' | 'postgres';
  /** live: the state answers; stale: it does not, and the last good document stays in force. */
  status: 'live' | 'stale';
  revision?: number;
  /** When the state last answered (ISO 8601). */
  readAt?: string;
  /** Why it is stale. */
  error?: string;
}

export interface LiveDocument {
  /** The last good document; before any, the fallback (no release yet). */
  read: () => RemotesDocument;
  health: () => DocumentHealth;
  close: () => Promise<void>;
}

export interface LiveOptions extends StateConfig {
  /** The periodic re-read, behind the notifications (default 5 s). */
  rereadMs?: number;
  /** Where the manifests may be (runtimeConfig.ts, manifestPolicy). */
  policy?: ManifestPolicy;
  /** The document before the first release. */
  fallback: () => RemotesDocument;
  log: { error: (message: string) => void; info: (message: string) => void };
}

/**
 * The document in force, kept in memory: read at the start (unreachable then: the start fails,
 * there is no good document to serve), re-read on every NOTIFY of a change and every `rereadMs`.
 * While PostgreSQL does not answer, the last good document stays in force, the health says
 * stale, the log says why once, and the connection is tried again every second.
 */
/** How long a site server waits for the release state's answer to a read before it takes the connection for lost. */
const READ_TIMEOUT_MS = 3_000;

export async function liveRemotesDocument({ databaseUrl, schema, rereadMs = 5_000, policy, fallback, log }: LiveOptions): Promise<LiveDocument> {
  let document: RemotesDocument | null = null;
  let revision = -1;
  let readAt: Date | null = null;
  let error: string | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let reading: Promise<void> | null = null;
  let again = false;
  let reconnect: NodeJS.Timeout | null = null;

  const fail = (reason: string) => {
    if (error === null) log.error(`the remotes document could not be read from the release state in PostgreSQL (${reason}); the last good one stays in force`);
    error = reason;
  };

  const connect = async () => {
    // A read that gets no answer (a partition, a failover: the connection open, nobody at its end)
    // fails after READ_TIMEOUT_MS and drops the connection, rather than holding every later read.
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 3_000,
      query_timeout: READ_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'site-server',
    });
    next.on('error', (e) => lost(next, e.message));
    next.on('end', () => lost(next, 'the connection ended'));
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload?.split(' ')[0] === schema) void reread();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (e) {
      await next.end().catch(() => {});
      throw e;
    }
    client = next;
  };

  const lost = (which: pg.Client, reason: string) => {
    if (which !== client) return;
    client = null;
    which.end().catch(() => {});
    fail(reason);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnect) return;
    reconnect = setTimeout(async () => {
      reconnect = null;
      try {
        await connect();
        await reread();
      } catch (e) {
        fail((e as Error).message);
        scheduleReconnect();
      }
    }, 1_000);
    reconnect.unref();
  };

  const readOnce = async () => {
    if (!client) throw new Error(error ?? 'not connected');
    const connection = client;
    let state: Awaited<ReturnType<typeof readState>>;
    try {
      state = await readState(connection, schema);
    } catch (e) {
      // Not answered, or the connection broke: a new one is made (the document read is checked below).
      lost(connection, (e as Error).message);
      throw e;
    }
    if (state.revision === revision) {
      readAt = new Date();
      return;
    }
    const next = state.document === null ? fallback() : parseRemotesDocument(state.document, policy);
    document = next;
    revision = state.revision;
    readAt = new Date();
    log.info(`the remotes document in force is the release state's revision ${revision}`);
  };

  // One read at a time; a notification during a read reads once more after it.
  async function reread(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await readOnce();
          if (error !== null) log.info('the release state answers again');
          error = null;
        } catch (e) {
          // An invalid document is not taken: the last good one stays (as a folder's would).
          fail((e as Error).message);
          if (!client) scheduleReconnect();
        }
      } while (again && !closed);
    })().finally(() => {
      reading = null;
    });
    return reading;
  }

  try {
    await connect();
  } catch (e) {
    throw new Error(`the release state could not be read (${(e as Error).message})`);
  }
  await reread();
  if (!document) {
    await (client as pg.Client | null)?.end().catch(() => {});
    throw new Error(`the release state could not be read (${error})`);
  }
  const timer = setInterval(() => void reread(), rereadMs);
  timer.unref();

  return {
    read: () => document!,
    health: () => ({ source: 'postgres', status: error === null ? 'live' : 'stale', revision, readAt: readAt?.toISOString(), ...(error !== null ? { error } : {}) }),
    close: async () => {
      closed = true;
      clearInterval(timer);
      if (reconnect) clearTimeout(reconnect);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
