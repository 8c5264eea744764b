// The release command's local mode (localMode.ts): beside `npm start`, with nothing set, it is in
// local mode as the site is (NODE_ENV unset: development), so the README's preview examples work as
// printed; in production (NODE_ENV=production, or a store or an address elsewhere) it fails closed
// as before: no preview without a PREVIEW_SECRET of its own, no dev server previewed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { LOCAL_PREVIEW_SECRET, verifyPreviewPin } from '@site/site-server/preview-pins';
import { fakeSite, type FakeSite } from './fixtures/fakeSite';
import { deploymentConfigured, releaseEnv } from './localMode';
import { init } from './release';
import { repoRoot } from './store';

jest.setTimeout(60_000);

describe('the local mode of the release command (releaseEnv)', () => {
  it('is on with nothing set, as npm start sets it for the site: NODE_ENV unset or empty becomes development', () => {
    expect(releaseEnv({})).toEqual({ NODE_ENV: 'development' });
    expect(releaseEnv({ NODE_ENV: '', PATH: '/bin' })).toEqual({ NODE_ENV: 'development', PATH: '/bin' });
    // The checkout's own addresses, said out loud, are still this machine's.
    const local = { DEPLOY_BASE_URL: 'http://localhost:3004', PUBLIC_SITE_URL: 'http://127.0.0.1:3000', USER_SERVICE_URL: 'http://[::1]:8787', RELEASE_STORE: 'folder' };
    expect(releaseEnv(local)).toEqual({ ...local, NODE_ENV: 'development' });
    expect(releaseEnv({ DEPLOY_DIR: '/tmp/deploy', PREVIEW_SECRET: 'mine' }).NODE_ENV).toBe('development');
  });

  it('keeps a NODE_ENV that is set: production stays production, test stays test', () => {
    for (const NODE_ENV of ['production', 'test', 'staging', 'prodution']) expect(releaseEnv({ NODE_ENV })).toEqual({ NODE_ENV });
  });

  it('is off, NODE_ENV unset, when a deployment is configured: a store or an address elsewhere', () => {
    for (const [env, why] of [
      [{ RELEASE_STORE: 'postgres+s3' }, 'RELEASE_STORE is "postgres+s3"'],
      [{ RELEASE_STORE: 'postgres' }, 'RELEASE_STORE is "postgres"'],
      [{ RELEASE_DATABASE_URL: 'postgres://release@db/site' }, 'RELEASE_DATABASE_URL is set'],
      [{ RELEASE_S3_BUCKET: 'versions' }, 'RELEASE_S3_BUCKET is set'],
      [{ DEPLOY_BASE_URL: 'https://cdn.example.org' }, 'DEPLOY_BASE_URL is not on this machine'],
      [{ PUBLIC_SITE_URL: 'https://vedere.example.org' }, 'PUBLIC_SITE_URL is not on this machine'],
      [{ USER_SERVICE_URL: 'https://api.example.org' }, 'USER_SERVICE_URL is not on this machine'],
      [{ DEPLOY_BASE_URL: 'http://localhost.example.org:3004' }, 'DEPLOY_BASE_URL is not on this machine'],
      [{ DEPLOY_BASE_URL: 'not a URL' }, 'DEPLOY_BASE_URL is not on this machine'],
    ] as const) {
      expect(deploymentConfigured(env)).toBe(why);
      expect(releaseEnv(env)).toEqual(env);
    }
    expect(deploymentConfigured({})).toBeNull();
  });
});

describe('the release command beside npm start, and in production', () => {
  let site: FakeSite;
  let devServer: Server;
  let devManifest: string;

  beforeAll(async () => {
    // A checkout's store, served from this machine (DEPLOY_BASE_URL's default).
    site = fakeSite({ baseUrl: 'http://localhost:3004' });
    await init(site.ctx);
    // A remote's own dev server (its manifest), as `pnpm --filter @site/mfe-marketing dev` serves it.
    const manifest = readFileSync(join(site.ctx.appDist('mfe_marketing'), 'mf-manifest.json'));
    devServer = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(manifest));
    await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
    devManifest = `http://localhost:${(devServer.address() as { port: number }).port}/mf-manifest.json`;
  });
  afterAll(async () => {
    await new Promise((resolve) => devServer.close(resolve));
    site.remove();
  });

  /** The command as a user runs it: the machine's environment without what the tests set, and `env`. */
  function release(env: Record<string, string>, ...args: string[]) {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|PREVIEW_SECRET|PUBLIC_SITE_URL|USER_SERVICE_URL|OPS_TOKEN|DEPLOY_|RELEASE_|[A-Z_]+_PORT$)/.test(name)),
    );
    // Not spawnSync: this process serves the dev server's manifest meanwhile.
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        join(repoRoot, 'release', 'node_modules', '.bin', 'tsx'),
        [join(repoRoot, 'release', 'src', 'cli.ts'), ...args],
        { cwd: repoRoot, encoding: 'utf8', env: { ...inherited, DEPLOY_DIR: site.ctx.store.dir, SHELL_DIST: site.ctx.shellDist, USER_SERVICE_URL: 'http://127.0.0.1:9', ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  const publishedVersion = async (env: Record<string, string> = {}) =>
    (JSON.parse((await release(env, 'history', 'mfe_account', '--json')).stdout).entries as { verb: string; to: string }[]).find((entry) => entry.verb === 'publish')!.to;

  it('previews a published version with nothing set: a link signed with the local PREVIEW_SECRET the local site verifies', async () => {
    const version = await publishedVersion();
    const { code, stdout, stderr } = await release({}, 'preview', 'mfe_account', version.slice(0, 10));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [first, , link] = stdout.split('\n');
    expect(first).toMatch(new RegExp(`^mfe_account ${version}: a preview until \\S+ \\(it fits the site in force\\)$`));
    expect(link).toMatch(/^ {2}http:\/\/localhost:3000\/account\?preview=[\w-]+\.[\w-]+\.[\w-]+$/);
    const pin = await verifyPreviewPin(LOCAL_PREVIEW_SECRET, new URL(link!.trim()).searchParams.get('preview'));
    expect(pin).toMatchObject({ remote: 'mfe_account', version, manifest: `http://localhost:3004/mfe-account/${version}/mf-manifest.json` });
  });

  it("previews a remote's dev server with nothing set", async () => {
    const { code, stdout, stderr } = await release({}, 'preview', 'mfe_marketing', devManifest);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^mfe_marketing local: a preview until \S+ \(it fits the site in force\)\n/);
  });

  it('answers status with nothing set, on the store it names', async () => {
    const { code, stdout } = await release({}, 'status');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`store: the folder ${site.ctx.store.dir} (served from http://localhost:3004)`);
  });

  it('refuses previews in production as before: NODE_ENV=production, or NODE_ENV unset with a store or an address elsewhere', async () => {
    const version = await publishedVersion();
    const production: Record<string, string>[] = [{ NODE_ENV: 'production' }, { DEPLOY_BASE_URL: 'https://cdn.example.org' }, { PUBLIC_SITE_URL: 'https://vedere.example.org' }];
    for (const env of production) {
      const refused = await release(env, 'preview', 'mfe_account', version);
      expect(refused).toEqual({ code: 1, stdout: '', stderr: "release: previews are off: set PREVIEW_SECRET, the same as the site's server's\n" });
      // The public local value is refused there, whoever set it.
      const local = await release({ ...env, PREVIEW_SECRET: LOCAL_PREVIEW_SECRET }, 'preview', 'mfe_account', version);
      expect(local.code).toBe(1);
      expect(local.stderr).toContain('PREVIEW_SECRET is the public local value');
    }
    const devServerRefused = await release({ NODE_ENV: 'production', PREVIEW_SECRET: 'a production preview secret of 40 chars.' }, 'preview', 'mfe_marketing', devManifest);
    expect(devServerRefused.code).toBe(2);
    expect(devServerRefused.stderr).toContain("a remote's dev server is previewed in local mode only");
  });
});
