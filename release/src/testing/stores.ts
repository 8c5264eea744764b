// The two stores under test: a folder in a temporary directory, and PostgreSQL (DATABASE_URL, a
// schema of its own, dropped afterwards) with an S3 bucket served by s3rver on this machine.
import S3rver from 's3rver';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { remoteFolder } from '@site/site-server/runtime-config';
import pg from 'pg';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderStore } from '../folderStore';
import { PgS3Store } from '../pgS3Store';
import type { Store } from '../store';

export interface StoreUnderTest {
  store: Store;
  /** Replaces a stored file of a version with other bytes (a store changed behind the command's back). */
  tamper: (remote: RemoteName, version: string, file: string) => Promise<void>;
  /** The environment of a release command talking to this store. */
  env: Record<string, string>;
  remove: () => Promise<void>;
}

export const BUCKET = 'site-versions';
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function folderUnderTest(): StoreUnderTest {
  const dir = mkdtempSync(join(tmpdir(), 'release-folder-store-'));
  const store = new FolderStore(dir, 'http://cdn.test');
  return {
    store,
    tamper: async (remote, version, file) => writeFileSync(join(dir, remoteFolder(remote), version, file), '/* changed */'),
    env: { DEPLOY_DIR: dir, DEPLOY_BASE_URL: 'http://cdn.test' },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** An S3-compatible server on this machine, with the bucket made. */
export async function s3Server(port = 0): Promise<{ endpoint: string; port: number; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'release-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const { port: bound } = (await server.run()) as unknown as { port: number };
  const endpoint = `http://127.0.0.1:${bound}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
  return {
    endpoint,
    port: bound,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let schemas = 0;
/** A schema name of this test run's own (never the service's tables). */
export const testSchema = () => `release_test_${process.pid}_${Date.now() % 1_000_000}_${(schemas += 1)}`;

export async function dropSchema(databaseUrl: string, schema: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}

/** The environment of a release command or a site's server on PostgreSQL and S3. */
export function pgS3Env(databaseUrl: string, schema: string, s3Endpoint: string): Record<string, string> {
  return {
    RELEASE_STORE: 'postgres+s3',
    RELEASE_DATABASE_URL: databaseUrl,
    RELEASE_DATABASE_SCHEMA: schema,
    RELEASE_S3_BUCKET: BUCKET,
    RELEASE_S3_ENDPOINT: s3Endpoint,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    DEPLOY_BASE_URL: `${s3Endpoint}/${BUCKET}`,
  };
}

export async function pgS3UnderTest(databaseUrl: string): Promise<StoreUnderTest> {
  const s3 = await s3Server();
  const schema = testSchema();
  const env = pgS3Env(databaseUrl, schema, s3.endpoint);
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey });
  const store = new PgS3Store({
    databaseUrl,
    schema,
    s3: { bucket: BUCKET, prefix: '', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true },
    baseUrl: env.DEPLOY_BASE_URL!,
  });
  return {
    store,
    tamper: async (remote, version, file) => {
      const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${remoteFolder(remote)}/${version}/${file}`, Body: '/* changed */' }));
      client.destroy();
    },
    env,
    remove: async () => {
      await store.close();
      await s3.close();
      await dropSchema(databaseUrl, schema);
    },
  };
}
