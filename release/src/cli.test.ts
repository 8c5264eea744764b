// The command itself, as a release engineer or a CI job runs it: tsx release/src/cli.ts, with the
// store, the shell's build and the actor given by the environment.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentPath } from './document';
import { fakeSite, recorded, type FakeSite } from './fixtures/fakeSite';
import { init } from './release';
import { repoRoot } from './store';

jest.setTimeout(60_000);

let site: FakeSite;
beforeAll(async () => {
  site = fakeSite();
  await init(site.ctx);
});
afterAll(() => site.remove());

function release(...args: string[]) {
  const run = spawnSync(join(repoRoot, 'release', 'node_modules', '.bin', 'tsx'), [join(repoRoot, 'release', 'src', 'cli.ts'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      DEPLOY_DIR: site.ctx.store.dir,
      DEPLOY_BASE_URL: site.ctx.store.baseUrl,
      SHELL_DIST: site.ctx.shellDist,
      RELEASE_ACTOR: 'ci-job',
      USER_SERVICE_URL: 'http://127.0.0.1:9',
    },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

it('publishes a build and prints its manifest URL', () => {
  const from = site.build('mfe_account', { content: 'v2', dir: join(site.root, 'account-v2') });
  const { code, stdout } = release('publish', 'mfe-account', '--from', from, '--reason', 'new heading');
  expect(code).toBe(0);
  expect(stdout).toMatch(
    /^published mfe_account 1\.0\.0-[0-9a-f]{12} \(fits shell, mfe_marketing, mfe_auth\)\nhttp:\/\/cdn\.test\/mfe-account\/1\.0\.0-[0-9a-f]{12}\/mf-manifest\.json\n$/,
  );
});

it('refuses a build that requires a newer shared-ui than the shell provides, naming the package', () => {
  const from = site.build('mfe_account', { content: 'v3', dir: join(site.root, 'account-v3'), changes: { shared: { '@site/shared-ui': { requiredVersion: '^2.0.0' } } } });
  const { code, stderr } = release('publish', 'mfe_account', '--from', from);
  expect(code).toBe(1);
  expect(stderr.split('\n')).toContain('  @site/shared-ui: candidate requires ^2.0.0, shell provides 1.0.0');
  expect(stderr).toMatch(/^refused: mfe_account 1\.0\.0-[0-9a-f]{12} does not fit the site in force \(nothing changed\)/);

  const json = release('publish', 'mfe_account', '--from', from, '--json');
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout)).toMatchObject({
    ok: false,
    refused: true,
    problems: expect.arrayContaining(['@site/shared-ui: candidate requires ^2.0.0, mfe_auth provides 1.0.0']),
  });
});

/** The version of mfe_account published last (by the test that publishes one). */
const lastPublished = () =>
  (JSON.parse(release('history', 'mfe_account', '--json').stdout).entries as { verb: string; to: string }[]).filter((entry) => entry.verb === 'publish').at(-1)!.to;

it('aborts a canary with rollback and no version, on the first release: the stable version stays, said and recorded', () => {
  const version = lastPublished();
  expect(release('canary', 'mfe_account', version, '10').code).toBe(0);
  const stable = JSON.parse(release('status', '--json').stdout).remotes.find((remote: { remote: string }) => remote.remote === 'mfe_account').stable;
  const aborted = release('rollback', 'mfe_account', '--reason', 'not yet');
  expect(aborted.code).toBe(0);
  expect(aborted.stdout).toContain(`mfe_account: canary ${version} aborted; stable ${stable.version} stays`);
  expect(JSON.parse(readFileSync(documentPath(site.ctx.store), 'utf8')).mfe_account).toEqual(recorded(stable.manifest));
  expect(release('history', 'mfe_account').stdout.trim().split('\n').at(-1)).toMatch(/ci-job {2}rollback mfe_account .* "not yet"$/);
});

it('puts the published version in a canary, shows it in status --json, and rolls it back', () => {
  const version = lastPublished();
  expect(release('canary', 'mfe_account', version, '50').code).toBe(0);

  const { code, stdout } = release('status', '--json');
  expect(code).toBe(0);
  expect(JSON.parse(stdout).store).toBe(`the folder ${site.ctx.store.dir} (served from http://cdn.test)`);
  const account = JSON.parse(stdout).remotes.find((remote: { remote: string }) => remote.remote === 'mfe_account');
  expect(account).toMatchObject({ canary: { version, percentage: 50 }, health: { measured: false } });
  const stable = account.stable.version as string;

  const back = release('rollback', 'mfe_account', stable, '--reason', 'heading wrong');
  expect(back.code).toBe(0);
  expect(back.stdout).toContain(`mfe_account: canary ${version} aborted; stable ${stable} stays`);
  expect(JSON.parse(readFileSync(documentPath(site.ctx.store), 'utf8')).mfe_account).toEqual(recorded(account.stable.manifest));

  const text = release('history').stdout.trim().split('\n');
  expect(text.at(-2)).toMatch(new RegExp(`ci-job  canary mfe_account \\(none\\) → ${version} at 50%$`));
  expect(text.at(-1)).toMatch(/ci-job {2}rollback mfe_account .* "heading wrong"$/);
});

it('says which store it is talking to', () => {
  expect(release('status').stdout.split('\n')[0]).toBe(`store: the folder ${site.ctx.store.dir} (served from http://cdn.test)`);
});

it('refuses, changing nothing, a store configured wrong: never the folder in place of the PostgreSQL store asked for', () => {
  const before = readFileSync(documentPath(site.ctx.store), 'utf8');
  const run = spawnSync(join(repoRoot, 'release', 'node_modules', '.bin', 'tsx'), [join(repoRoot, 'release', 'src', 'cli.ts'), 'rollback', 'mfe_account'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_DIR: site.ctx.store.dir, RELEASE_STOR: 'postgres+s3', RELEASE_DATABASE_URL: 'postgres://release@127.0.0.1:9/site' },
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^release: RELEASE_DATABASE_URL is set but RELEASE_STORE is unset \(the folder store\)/);
  expect(readFileSync(documentPath(site.ctx.store), 'utf8')).toBe(before);
});

it('says how it is called, with exit code 2, when it is called wrong', () => {
  expect(release('canary', 'mfe_account', '1.0.0').code).toBe(2);
  const { code, stderr } = release('promote', 'mfe_nothing');
  expect(code).toBe(2);
  expect(stderr).toBe('release: mfe_nothing is not a remote (the remotes: mfe_marketing, mfe_auth, mfe_account) (pnpm release --help)\n');
  expect(release('status', '--colour').code).toBe(2);
});

it('prints a preview link for a published version, and says how it is called wrong', () => {
  const version = lastPublished();
  const previewed = release('preview', 'mfe_account', version, '--hours', '1');
  expect(previewed.code).toBe(0);
  expect(previewed.stdout).toMatch(
    new RegExp(`^mfe_account ${version}: a preview until \\S+ \\(it fits the site in force\\)\\n.*\\n  http://localhost:3000/account\\?preview=[\\w-]+\\.[\\w-]+\\.[\\w-]+\\n$`),
  );
  for (const [args, error] of [
    [['preview', 'mfe_account', version, '--hours', '48'], '--hours is more than 0 and at most 24, not 48'],
    [['preview', 'mfe_account'], 'preview takes 2 arguments, not 1'],
    [['status', '--hours', '2'], '--hours goes with preview only'],
    [['preview', 'mfe_account', version, '--reason', 'why'], 'preview changes nothing in force: it takes no --reason'],
  ] as const) {
    const wrong = release(...args);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(error);
  }
});
