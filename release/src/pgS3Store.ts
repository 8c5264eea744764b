// The store of a site released from many machines: the release state in PostgreSQL (the document
// in force, the history, the published versions with their integrity: site-server's
// releaseState.ts makes the tables), the versions' files in an S3 bucket under the folder store's
// keys (<remote-folder>/<version>/…), served by a CDN from DEPLOY_BASE_URL.
//
// A change is one transaction: the state's row locked (SELECT … FOR UPDATE: a second release
// command waits for the first and then changes what the first left, or gives up after
// LOCK_WAIT_MS saying so), read, decided, written with its revision checked, NOTIFY'd to the
// site's servers, committed. Whatever fails before the commit (PostgreSQL gone, the bucket gone,
// a refusal), nothing of it is in force: an uploaded version counts only once its row is committed.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Integrity, RemoteName, RemotesDocument } from '@site/shared-ui/remotes-document';
import { sriSha256 } from '@site/rendering/integrity';
import { CHANGE_CHANNEL, ensureStateSchema, type S3Config } from '@site/site-server/release-state';
import { remoteFolder } from '@site/site-server/runtime-config';
import { cacheControlOf } from '@site/site-server/cache-policy';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEntry } from './history';
import { contentHashOf, filesOf, integrityOf, type PublishedVersion, type ReleaseState, type StateChange, type Store } from './store';

/** How long a change waits for another release command's change to finish. */
export const LOCK_WAIT_MS = 60_000;

export interface PgS3Options {
  databaseUrl: string;
  schema: string;
  s3: S3Config;
  baseUrl: string;
  /** How long a change waits for another's (default LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

/** The release state did not answer, or stopped answering during a change: nothing of the change is in force. */
export class StateUnavailable extends Error {
  override name = 'StateUnavailable';
}

/** Where the state is, without its password. */
function stateName(databaseUrl: string, schema: string) {
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname} (schema ${schema})`;
  } catch {
    return `PostgreSQL (schema ${schema})`;
  }
}

const isNotFound = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '') || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export class PgS3Store implements Store {
  readonly kind = 'postgres+s3' as const;
  readonly baseUrl: string;
  readonly description: string;
  private readonly s3: S3Client;
  private readonly state: string;
  private schemaReady: Promise<void> | null = null;

  constructor(private readonly options: PgS3Options) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.state = stateName(options.databaseUrl, options.schema);
    this.description = `${this.state} for the release state, s3://${options.s3.bucket}/${options.s3.prefix} for the versions (served from ${this.baseUrl})`;
    this.s3 = new S3Client({
      region: options.s3.region,
      endpoint: options.s3.endpoint,
      forcePathStyle: options.s3.forcePathStyle,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  private get schema() {
    return `"${this.options.schema}"`;
  }

  private key(remote: RemoteName, version: string, file: string) {
    return `${this.options.s3.prefix}${remoteFolder(remote)}/${version}/${file}`;
  }

  /** A connection of its own (a change holds it for its transaction); the tables made when missing. */
  private async connect(): Promise<pg.Client> {
    // A query with no answer (a partition: the connection open, nobody at its end) fails the command
    // with the reason after 30 s, rather than hanging it (its transaction then ends with the connection).
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      connectionTimeoutMillis: 5_000,
      query_timeout: 30_000,
      keepAlive: true,
      application_name: 'release',
    });
    // An error between queries (the server gone) surfaces at the next query; never as an unhandled event.
    client.on('error', () => {});
    try {
      await client.connect();
      this.schemaReady ??= ensureStateSchema(client, this.options.schema);
      await this.schemaReady;
      return client;
    } catch (error) {
      this.schemaReady = null;
      await client.end().catch(() => {});
      throw new StateUnavailable(`the release state (${this.state}) does not answer (${(error as Error).message}); nothing changed`);
    }
  }

  private async readWith(client: pg.ClientBase, lock: boolean): Promise<ReleaseState & { revision: number }> {
    const state = await client.query<{ revision: string; document: RemotesDocument | null }>(`SELECT revision, document FROM ${this.schema}.state${lock ? ' FOR UPDATE' : ''}`);
    const history = await client.query<{ entry: HistoryEntry }>(`SELECT entry FROM ${this.schema}.history ORDER BY seq`);
    const versions = await client.query<PublishedVersion>(`SELECT remote, version, integrity FROM ${this.schema}.versions ORDER BY seq`);
    return {
      revision: Number(state.rows[0]!.revision),
      document: state.rows[0]!.document,
      history: history.rows.map((row) => row.entry),
      published: versions.rows.map(({ remote, version, integrity }) => ({ remote, version, integrity })),
    };
  }

  async read(): Promise<ReleaseState> {
    const client = await this.connect();
    try {
      // One snapshot: the document, the history and the versions of the same moment.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { revision: _revision, ...state } = await this.readWith(client, false);
      await client.query('COMMIT');
      return state;
    } catch (error) {
      throw new StateUnavailable(`the release state (${this.state}) could not be read (${(error as Error).message})`);
    } finally {
      await client.end().catch(() => {});
    }
  }

  async change<T>(apply: (state: ReleaseState) => Promise<StateChange<T>>): Promise<T> {
    const client = await this.connect();
    let committing = false;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = ${Math.round(this.options.lockWaitMs ?? LOCK_WAIT_MS)}`);
      let state: ReleaseState & { revision: number };
      try {
        state = await this.readWith(client, true);
      } catch (error) {
        if ((error as { code?: string }).code === '55P03')
          throw new Error(
            `another release command is changing the release state (${this.state}) and did not finish within ${Math.round((this.options.lockWaitMs ?? LOCK_WAIT_MS) / 1000)} s; nothing changed, try again`,
          );
        throw error;
      }
      const { revision, ...before } = state;
      const { document, history = [], published = [], value } = await apply(before);
      if (document || history.length || published.length) {
        // The row is locked, so no other change can have moved it; the revision says so all the same.
        const moved = await client.query(
          `UPDATE ${this.schema}.state SET revision = revision + 1, changed_at = now()${document ? ', document = $2' : ''} WHERE one AND revision = $1`,
          [revision, ...(document ? [JSON.stringify(document)] : [])],
        );
        if (moved.rowCount !== 1) throw new Error(`the release state changed under this change (it was at revision ${revision}); nothing changed, try again`);
        for (const version of published) {
          await client.query(
            `INSERT INTO ${this.schema}.versions (remote, version, integrity) VALUES ($1, $2, $3) ON CONFLICT (remote, version) DO UPDATE SET integrity = EXCLUDED.integrity WHERE versions.integrity IS NULL`,
            [version.remote, version.version, JSON.stringify(version.integrity)],
          );
        }
        for (const entry of history) await client.query(`INSERT INTO ${this.schema}.history (revision, entry) VALUES ($1, $2)`, [revision + 1, JSON.stringify(entry)]);
        // Sent at the commit, to every site's server listening.
        await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, `${this.options.schema} ${revision + 1}`]);
      }
      committing = true;
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if (!(error instanceof Error) || !isConnectionError(error)) throw error;
      throw new StateUnavailable(
        committing
          ? `the release state (${this.state}) stopped answering while the change was committed (${error.message}); run pnpm release status to see whether it is in force`
          : `the release state (${this.state}) stopped answering during the change (${error.message}); nothing changed, run the command again`,
      );
    } finally {
      await client.end().catch(() => {});
    }
  }

  async upload(remote: RemoteName, dist: string, version: string): Promise<Integrity> {
    // Read once: what is checked is what is sent.
    const files = filesOf(dist).map((file): [string, Buffer] => [file, readFileSync(join(dist, file))]);
    if (!version.endsWith(`-${contentHashOf(files)}`)) throw new Error(`${dist} changed while it was being copied; publish it again once its build is finished`);
    const byPath = new Map(files);
    const integrity = integrityOf((file) => {
      const content = byPath.get(file);
      if (!content) throw new Error(`${dist}: the manifest names ${file}, which the build does not have`);
      return content;
    });
    const { bucket } = this.options.s3;
    const put = async ([file, content]: [string, Buffer]) => {
      try {
        await this.s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: this.key(remote, version, file),
            Body: content,
            ContentType: contentTypeOf(file),
            CacheControl: cacheControlOf(file),
            // Written once: an object there already is left as it is (and checked below).
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 412) throw this.bucketError(error, `${file} could not be uploaded`);
      }
    };
    await inBatches(files, 4, put);
    // Every file as stored is the file of the build (an upload cut short, or a key written before
    // with other bytes, is found here): only then may the version count as published.
    await inBatches(files, 4, async ([file, content]) => {
      const stored = await this.get(this.key(remote, version, file), `${file} is missing from the bucket after its upload`);
      if (sriSha256(stored) !== sriSha256(content)) throw new Error(`${remote} ${version}: ${file} in the bucket is not the file uploaded; nothing published, publish it again`);
      if (integrity[file] && integrity[file] !== sriSha256(stored)) throw new Error(`${remote} ${version}: ${file} in the bucket does not match its integrity record`);
    });
    return integrity;
  }

  async verify(remote: RemoteName, version: string, integrity: Integrity | null): Promise<void> {
    for (const [file, recordedHash] of Object.entries(integrity ?? {})) {
      let stored: Buffer;
      try {
        stored = await this.get(this.key(remote, version, file), 'missing');
      } catch (error) {
        if ((error as Error).message.endsWith('missing'))
          throw new Error(`${remote} ${version}: ${file} is missing from the store (its integrity was recorded at publish); publish the build again`);
        throw error;
      }
      if (sriSha256(stored) !== recordedHash)
        throw new Error(`${remote} ${version}: ${file} in the store is not the file published (its sha256 differs from the integrity recorded); publish the build again`);
    }
  }

  async fetchStored(url: string): Promise<Buffer | null> {
    if (!url.startsWith(`${this.baseUrl}/`)) return null;
    const path = decodeURIComponent(url.slice(this.baseUrl.length + 1).split(/[?#]/)[0] ?? '');
    if (path.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
    return this.get(`${this.options.s3.prefix}${path}`, `nothing at ${url}`);
  }

  private async get(key: string, missing: string): Promise<Buffer> {
    try {
      const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.options.s3.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) throw new Error(missing);
      throw this.bucketError(error, `s3://${this.options.s3.bucket}/${key} could not be read`);
    }
  }

  private bucketError(error: unknown, what: string) {
    return new Error(`the bucket of the versions (s3://${this.options.s3.bucket}) did not answer: ${what} (${(error as Error).message || (error as Error).name}); nothing changed`);
  }

  async close(): Promise<void> {
    this.s3.destroy();
  }
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  woff: 'font/woff',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
};

/** What the bucket serves a file as (the CDN passes it on). */
export const contentTypeOf = (file: string) => CONTENT_TYPES[file.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** pg reports a lost connection with these (or an administrator's termination, 57P01). */
function isConnectionError(error: Error & { code?: string }): boolean {
  return (
    ['57P01', '57P02', '57P03', '08006', '08003', '08000', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(error.code ?? '') ||
    /Connection terminated|connection error|not queryable|terminating connection/i.test(error.message)
  );
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let at = 0; at < items.length; at += size) await Promise.all(items.slice(at, at + size).map(run));
}
