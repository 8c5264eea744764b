// Three of the site's servers (separate processes, site-server/src/replica.ts) on one store: a
// change of the remotes document is served by all three within a second; with the state in
// PostgreSQL, told by NOTIFY (their periodic re-read is set far beyond the test), and while
// PostgreSQL does not answer each keeps serving the last good document, and says so.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeSite, type FakeSite } from './fixtures/fakeSite';
import { canary, init, preview, promote, publish, rollback, type ReleaseContext } from './release';
import { PREVIEW_PARAM } from '@site/shared-ui/remotes-document';
import { signPreviewPin } from '@site/site-server/preview-pins';
import { VIEW_TOKEN_COOKIE, verifyViewGrantRequest, verifyViewToken } from '@site/contract/view-token';
import { createServer, type Server } from 'node:http';
import { manifestUrl, repoRoot, type Store } from './store';
import { started, stopped, tcpProxy, tsx } from './testing/processes';
import { folderUnderTest, pgS3UnderTest, type StoreUnderTest } from './testing/stores';

jest.setTimeout(90_000);

const databaseUrl = process.env.DATABASE_URL;

const kinds: [string, () => Promise<StoreUnderTest>][] = [['the folder store', async () => folderUnderTest()]];
if (databaseUrl) kinds.push(['the PostgreSQL and S3 store', () => pgS3UnderTest(databaseUrl)]);

/** Polls until `check` passes or `ms` have gone by; returns how long it took, or throws its last failure. */
async function within(ms: number, check: () => Promise<void>): Promise<number> {
  const start = performance.now();
  for (;;) {
    try {
      await check();
      return performance.now() - start;
    } catch (error) {
      if (performance.now() - start > ms) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe.each(kinds)('three site servers on %s', (name, open) => {
  let site: FakeSite;
  let under: StoreUnderTest;
  let ctx: ReleaseContext<Store>;
  let servers: { child: ChildProcess; port: number; output: () => string }[] = [];
  let toState: Awaited<ReturnType<typeof tcpProxy>> | null = null;
  let serverEnv: Record<string, string> = {};
  // The user service as far as view tokens go: it grants every signed request for one.
  let service: Server;
  const versions: Record<string, string> = {};
  const previewSecret = 'a preview secret the three replicas share, 48 chars';
  const viewTokenSecret = 'the view-token secret the servers and the service share';

  beforeAll(async () => {
    site = fakeSite();
    under = await open();
    ctx = { ...site.ctx, store: under.store };
    await init(ctx);
    for (const content of ['v2', 'v3']) {
      versions[content] = (await publish(ctx, 'mfe_account', { from: site.build('mfe_account', { content, dir: join(site.root, `account-${content}`) }) })).version;
    }
    writeFileSync(join(site.ctx.shellDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    service = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', async () => {
        const granted = request.url === '/telemetry/view-grants' && (await verifyViewGrantRequest(viewTokenSecret, JSON.parse(body || '{}').request)) !== null;
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ granted }));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    // The servers reach PostgreSQL through a proxy this test can cut.
    if (under.store.kind === 'postgres+s3') toState = await tcpProxy(Number(new URL(databaseUrl!).port || 5432));
    const databaseThroughProxy: Record<string, string> = toState ? { RELEASE_DATABASE_URL: databaseUrl!.replace(/@[^/]+\//, `@127.0.0.1:${toState.port}/`) } : {};
    serverEnv = {
      ...under.env,
      ...databaseThroughProxy,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      SHELL_DIST: site.ctx.shellDist,
      PRERENDER: 'off',
      PRELOAD_HINTS: 'off',
      // No re-read in the test's time: only the notification can tell them.
      RELEASE_REREAD_MS: '600000',
      // The replicas' one shared secret: a preview link made once pins on any of them.
      PREVIEW_SECRET: previewSecret,
      VIEW_TOKEN_SECRET: viewTokenSecret,
      USER_SERVICE_INTERNAL_URL: `http://127.0.0.1:${(service.address() as { port: number }).port}`,
    };
    servers = await Promise.all([0, 1, 2].map(() => started(tsx, [join(repoRoot, 'site-server', 'src', 'replica.ts')], serverEnv)));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopped(server.child)));
    await new Promise((resolve) => service.close(resolve));
    await toState?.close();
    await under.remove();
    site.remove();
  });

  const served = (port: number) => fetch(`http://127.0.0.1:${port}/remotes.json`).then((answer) => answer.json());
  const health = (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then(async (answer) => ({ code: answer.status, body: await answer.json() }));
  const allServe = async (document: unknown) => {
    const answers = await Promise.all(servers.map((server) => served(server.port)));
    for (const answer of answers) expect(answer).toEqual(document);
  };
  const inForce = async () => (await ctx.store.read()).document;

  it('serves the document in force from the start', async () => {
    await allServe(await inForce());
    for (const server of servers) expect((await health(server.port)).body).toEqual({ status: 'ok', remotesDocument: expect.objectContaining({ status: 'live' }) });
  });

  it('serves a canary, its promotion and a rollback on all three within a second of each', async () => {
    for (const change of [
      () => canary(ctx, 'mfe_account', versions.v2!, '10'),
      () => promote(ctx, 'mfe_account'),
      () => canary(ctx, 'mfe_account', versions.v3!, '25'),
      () => rollback(ctx, 'mfe_account'),
    ]) {
      await change();
      // Committed: from now on, a second for all three (reading what is in force counts in it).
      const committed = performance.now();
      const document = await inForce();
      await within(1_000 - (performance.now() - committed), () => allServe(document));
    }
  });

  it('gives each page a view token the service verifies whichever server signed it, vouching for the version in force', async () => {
    const stable = (await inForce())!.mfe_account.manifest;
    for (const server of servers) {
      const page = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(page.status).toBe(200);
      const cookie = page.headers.getSetCookie().find((line) => line.startsWith(`${VIEW_TOKEN_COOKIE}=`));
      const token = cookie?.slice(VIEW_TOKEN_COOKIE.length + 1).split(';')[0];
      const verified = await verifyViewToken(viewTokenSecret, token);
      expect(verified?.deployments.mfe_account?.version).toBe(stable.split('/').at(-2));
      expect(await verifyViewToken('another secret than the servers share, 48 chars long', token)).toBeNull();
    }
  });

  it('pins the browser that opens a preview link on whichever server it reaches, signed with the secret they share', async () => {
    const { link } = await preview(ctx, 'mfe_account', versions.v3!, { env: { ...process.env, NODE_ENV: 'test', PREVIEW_SECRET: previewSecret } });
    const token = new URL(link).searchParams.get(PREVIEW_PARAM)!;
    const forged = (
      await signPreviewPin(
        'another secret, not the replicas: 48 characters',
        { remote: 'mfe_account', version: versions.v3!, manifest: manifestUrl(ctx.store, 'mfe_account', versions.v3!) },
        {},
      )
    ).token;
    for (const server of servers) {
      const opened = await fetch(`http://127.0.0.1:${server.port}/?${PREVIEW_PARAM}=${encodeURIComponent(token)}`, { redirect: 'manual' });
      expect(opened.status).toBe(302);
      expect(opened.headers.get('set-cookie')).toContain(`preview=${token};`);
      const refused = await fetch(`http://127.0.0.1:${server.port}/?${PREVIEW_PARAM}=${encodeURIComponent(forged)}`, { redirect: 'manual' });
      expect(refused.status).toBe(302);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });

  if (name === 'the PostgreSQL and S3 store') {
    it('keeps serving the last good document while PostgreSQL does not answer, says so in its health and log, and catches up once it does', async () => {
      const before = await inForce();
      await toState!.cut();
      for (const server of servers) {
        await within(10_000, async () =>
          expect((await health(server.port)).body).toMatchObject({ status: 'degraded', remotesDocument: { source: 'postgres', status: 'stale', error: expect.any(String) } }),
        );
      }
      expect((await health(servers[0]!.port)).code).toBe(200);
      // A release made meanwhile (the command reaches PostgreSQL; these servers do not).
      await canary(ctx, 'mfe_account', versions.v3!, '5');
      await allServe(before);
      for (const server of servers)
        expect(server.output()).toMatch(/the remotes document could not be read from the release state in PostgreSQL .*the last good one stays in force/);
      await toState!.restore();
      const after = await inForce();
      expect(after).not.toEqual(before);
      await within(10_000, () => allServe(after));
      for (const server of servers) expect((await health(server.port)).body).toMatchObject({ status: 'ok', remotesDocument: { status: 'live' } });
    });

    it('takes a connection that stops answering without closing (a partition) for lost: stale within seconds, and catches up once it answers', async () => {
      // A server that re-reads every half second (as every 5 s by default): its read, not a
      // notification, is what meets the silence.
      const watcher = await started(tsx, [join(repoRoot, 'site-server', 'src', 'replica.ts')], { ...serverEnv, RELEASE_REREAD_MS: '500' });
      try {
        const before = await inForce();
        await within(5_000, async () => expect(await served(watcher.port)).toEqual(before));
        toState!.freeze();
        await within(15_000, async () =>
          expect((await health(watcher.port)).body).toMatchObject({ status: 'degraded', remotesDocument: { source: 'postgres', status: 'stale', error: expect.any(String) } }),
        );
        expect((await health(watcher.port)).code).toBe(200);
        await canary(ctx, 'mfe_account', versions.v3!, '10');
        expect(await served(watcher.port)).toEqual(before);
        toState!.thaw();
        const after = await inForce();
        expect(after).not.toEqual(before);
        await within(15_000, async () => expect(await served(watcher.port)).toEqual(after));
        await within(5_000, async () => expect((await health(watcher.port)).body).toMatchObject({ status: 'ok', remotesDocument: { status: 'live' } }));
      } finally {
        toState!.thaw();
        await stopped(watcher.child);
      }
    });
  }
});

if (databaseUrl) {
  describe('a site server started before the first release, on postgres', () => {
    let site: FakeSite;
    let under: StoreUnderTest;
    let server: { child: ChildProcess; port: number; output: () => string } | null = null;

    beforeAll(async () => {
      site = fakeSite();
      // A schema nobody has made yet: the server makes nothing (it needs only to read and LISTEN).
      under = await pgS3UnderTest(databaseUrl);
      writeFileSync(join(site.ctx.shellDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
      server = await started(tsx, [join(repoRoot, 'site-server', 'src', 'replica.ts')], {
        ...under.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        SHELL_DIST: site.ctx.shellDist,
        PRERENDER: 'off',
        PRELOAD_HINTS: 'off',
        RELEASE_REREAD_MS: '600000',
      });
    });

    afterAll(async () => {
      if (server) await stopped(server.child);
      await under.remove();
      site.remove();
    });

    it('refuses to start when PostgreSQL does not answer: it has no good document to serve', async () => {
      const closed = await tcpProxy(5432);
      await closed.cut();
      await expect(
        started(tsx, [join(repoRoot, 'site-server', 'src', 'replica.ts')], {
          ...under.env,
          RELEASE_DATABASE_URL: `postgres://postgres@127.0.0.1:${closed.port}/test`,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          PORT: '0',
          SHELL_DIST: site.ctx.shellDist,
        }),
      ).rejects.toThrow(/exited \(1\) before it served: .*The site's server does not start: the release state could not be read \(.*ECONNREFUSED/);
    });

    it('serves each remote from its own port until then, and the first release within a second of it', async () => {
      const served = () => fetch(`http://127.0.0.1:${server!.port}/remotes.json`).then((answer) => answer.json() as Promise<Record<string, unknown>>);
      expect((await served()).mfe_account).toEqual({ manifest: 'http://localhost:3003/mf-manifest.json' });
      const { document } = await init({ ...site.ctx, store: under.store });
      const committed = performance.now();
      await within(1_000 - (performance.now() - committed), async () => expect(await served()).toEqual(document));
    });
  });
}
