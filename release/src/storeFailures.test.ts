// What a failure in the middle of a release leaves: never anything half-written in force, a
// command that says why, and a next try that completes. On the folder and on PostgreSQL with S3
// (PostgreSQL stopped mid-change: its backend terminated; the object store stopped mid-upload:
// its process killed).
import pg from 'pg';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeSite, type FakeSite } from './fixtures/fakeSite';
import { PgS3Store } from './pgS3Store';
import { init, publish, type ReleaseContext } from './release';
import { filesOf, manifestUrl, versionOf, type Store } from './store';
import { release, started, stopped, tcpProxy } from './testing/processes';
import { BUCKET, dropSchema, folderUnderTest, pgS3Env, pgS3UnderTest, S3_CREDENTIALS, testSchema, type StoreUnderTest } from './testing/stores';
import { repoRoot } from './store';

jest.setTimeout(90_000);

const databaseUrl = process.env.DATABASE_URL;

const kinds: [string, () => Promise<StoreUnderTest>][] = [['the folder store', async () => folderUnderTest()]];
if (databaseUrl) kinds.push(['the PostgreSQL and S3 store', () => pgS3UnderTest(databaseUrl)]);

describe.each(kinds)('a build that changes while it is published, on %s', (_name, open) => {
  let site: FakeSite;
  let under: StoreUnderTest;
  beforeEach(async () => {
    site = fakeSite();
    under = await open();
  });
  afterEach(async () => {
    await under.remove();
    site.remove();
  });

  it('is not published; the next try, of a finished build, is', async () => {
    const ctx: ReleaseContext<Store> = { ...site.ctx, store: under.store };
    const dist = site.build('mfe_account', { content: 'v2', dir: join(site.root, 'account') });
    const version = versionOf('1.0.0', dist);
    // The build is rewritten once the command has taken its version: what it would upload is not that version.
    const upload = under.store.upload.bind(under.store);
    jest.spyOn(under.store, 'upload').mockImplementationOnce(async (remote, from, wanted) => {
      site.build('mfe_account', { content: 'v2, rebuilt', dir: join(site.root, 'account') });
      return upload(remote, from, wanted);
    });
    await expect(publish(ctx, 'mfe_account', { from: dist })).rejects.toThrow(/changed while it was being copied/);
    expect(await under.store.read()).toMatchObject({ history: [], published: [] });
    await expect(under.store.fetchStored(manifestUrl(under.store, 'mfe_account', version))).rejects.toThrow(/nothing at/);
    const again = await publish(ctx, 'mfe_account', { from: dist });
    expect(again).toMatchObject({ copied: true });
    expect((await under.store.read()).published.map((entry) => entry.version)).toEqual([again.version]);
  });
});

if (databaseUrl) {
  describe('failures in the middle of a change, on postgres', () => {
    let site: FakeSite;
    let schema: string;
    let store: PgS3Store;
    let s3: { child: ReturnType<typeof spawn>; port: number };
    let s3Dir: string;
    let s3Port: number;
    let toS3: Awaited<ReturnType<typeof tcpProxy>>;
    let puts = 0;
    let onPut: (() => void) | null = null;
    let ctx: ReleaseContext<PgS3Store>;
    let env: Record<string, string>;
    const appName = `release_failures_${process.pid}`;

    const startS3 = async (port: number) => {
      // Node itself runs it (not tsx's launcher, which would leave its child running when killed).
      const run = await started(process.execPath, ['--import', 'tsx', join(repoRoot, 'release', 'src', 'testing', 's3Process.ts'), String(port), s3Dir], {});
      s3 = { child: run.child as ReturnType<typeof spawn>, port: run.port };
      return run.port;
    };

    beforeAll(async () => {
      site = fakeSite();
      schema = testSchema();
      s3Dir = mkdtempSync(join(tmpdir(), 'release-s3-process-'));
      s3Port = await startS3(0);
      // The commands reach the bucket through a proxy that counts their uploads (and slows them:
      // a change lasts long enough to be stopped in the middle).
      toS3 = await tcpProxy(s3Port, {
        delayMs: 80,
        onClientData: (chunk) => {
          if (chunk.subarray(0, 4).toString() === 'PUT ') {
            puts += 1;
            onPut?.();
          }
        },
      });
      const s3Endpoint = `http://127.0.0.1:${s3Port}`;
      env = {
        ...pgS3Env(`${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}application_name=${appName}`, schema, `http://127.0.0.1:${toS3.port}`),
        DEPLOY_BASE_URL: `${s3Endpoint}/${BUCKET}`,
        SHELL_DIST: site.ctx.shellDist,
        USER_SERVICE_URL: 'http://127.0.0.1:9',
        RELEASE_ACTOR: 'ci-job',
      };
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey });
      store = new PgS3Store({
        databaseUrl,
        schema,
        s3: { bucket: BUCKET, prefix: '', endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true },
        baseUrl: env.DEPLOY_BASE_URL!,
      });
      ctx = { ...site.ctx, store };
      await init(ctx);
    });

    afterAll(async () => {
      await store.close();
      await toS3.close();
      await stopped(s3.child);
      rmSync(s3Dir, { recursive: true, force: true });
      await dropSchema(databaseUrl, schema);
      site.remove();
    });

    const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };

    it('PostgreSQL stopped in the middle of a canary: nothing of it in force, the command says why, the next try completes', async () => {
      const { version } = await publish(ctx, 'mfe_account', { from: site.build('mfe_account', { content: 'v2', dir: join(site.root, 'account-v2') }) });
      const before = await store.read();
      const running = release(env, 'canary', 'mfe_account', version, '10');
      // Its transaction is open, the state's row locked (FOR UPDATE), while the gate reads the manifests: stop it there.
      const terminated = await admin(async (client) => {
        for (let tries = 0; tries < 500; tries += 1) {
          const { rows } = await client.query<{ terminated: boolean }>(
            `SELECT pg_terminate_backend(a.pid) AS terminated FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid
              WHERE a.application_name = $1 AND a.state = 'idle in transaction' AND l.relation = $2::regclass AND l.mode = 'RowShareLock'`,
            [appName, `"${schema}".state`],
          );
          if (rows.some((row) => row.terminated)) return true;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return false;
      });
      expect(terminated).toBe(true);
      const failed = await running;
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^release: the release state \(PostgreSQL 127\.0\.0\.1:5432\/test \(schema release_test_\w+\)\) stopped answering during the change \(.*\); nothing changed, run the command again\n$/,
      );
      expect(await store.read()).toEqual(before);
      const again = await release(env, 'canary', 'mfe_account', version, '10');
      expect(again).toMatchObject({ code: 0, stderr: '' });
      expect((await store.read()).document!.mfe_account.canary).toMatchObject({ manifest: manifestUrl(store, 'mfe_account', version), percentage: 10 });
    });

    it('the object store stopped in the middle of an upload: nothing published, the command says why, the next try completes, and one more uploads nothing', async () => {
      const dist = site.build('mfe_account', { content: 'v3', dir: join(site.root, 'account-v3') });
      const version = versionOf('1.0.0', dist);
      const before = await store.read();
      puts = 0;
      onPut = () => {
        if (puts === 2) void stopped(s3.child, 'SIGKILL');
      };
      const failed = await release(env, 'publish', 'mfe_account', '--from', dist);
      onPut = null;
      expect(puts).toBeGreaterThanOrEqual(2);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/^release: the bucket of the versions \(s3:\/\/site-versions\) did not answer: .* could not be uploaded .*; nothing changed\n$/);
      expect(await store.read()).toEqual(before);
      // The object store back (its files as it kept them), the same publish again.
      await startS3(s3Port);
      const again = await release(env, 'publish', 'mfe_account', '--from', dist);
      expect(again).toMatchObject({ code: 0, stderr: '' });
      const { published, history } = await store.read();
      expect(published.at(-1)).toMatchObject({ remote: 'mfe_account', version });
      expect(history.at(-1)).toMatchObject({ verb: 'publish', to: version, who: 'ci-job' });
      for (const file of filesOf(dist)) expect(await store.fetchStored(`${store.baseUrl}/mfe-account/${version}/${file}`)).toEqual(readFileSync(join(dist, file)));
      // Published: the same build again uploads nothing.
      puts = 0;
      const same = await release(env, 'publish', 'mfe_account', '--from', dist);
      expect(same).toMatchObject({ code: 0, stderr: '' });
      expect(same.stdout).toContain(`mfe_account ${version} was published before (same content): nothing copied`);
      expect(puts).toBe(0);
    });

    it('PostgreSQL unreachable: the command fails with the reason and changes nothing', async () => {
      const before = await store.read();
      const closed = await tcpProxy(5432);
      await closed.cut();
      const failed = await release({ ...env, RELEASE_DATABASE_URL: `postgres://postgres@127.0.0.1:${closed.port}/test` }, 'rollback', 'mfe_account');
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        new RegExp(`^release: the release state \\(PostgreSQL 127\\.0\\.0\\.1:${closed.port}/test \\(schema ${schema}\\)\\) does not answer \\(.*\\); nothing changed\\n$`),
      );
      expect(await store.read()).toEqual(before);
    });
  });
}
