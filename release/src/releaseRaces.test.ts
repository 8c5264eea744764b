// Two CI pipelines releasing at once, from two processes, into one store: the folder (under its
// lock file) and the release state in PostgreSQL (DATABASE_URL) with the versions in an S3 bucket.
// Every change applied is in the history, in order, each made on what the one before left; the
// document is the last one; none is lost; a refusal says why. @jest-start-first: it mostly waits
// on the commands' processes.
import { join } from 'node:path';
import { fakeSite, type FakeSite } from './fixtures/fakeSite';
import type { HistoryEntry } from './history';
import { canary, init, publish, type ReleaseContext } from './release';
import { manifestUrl, type Store } from './store';
import { release, tcpProxy, type Ran } from './testing/processes';
import { folderUnderTest, pgS3UnderTest, type StoreUnderTest } from './testing/stores';

jest.setTimeout(120_000);

const databaseUrl = process.env.DATABASE_URL;

/** The store, and how a release command in another process reaches it. */
const kinds: [string, () => Promise<StoreUnderTest>][] = [['the folder store', async () => folderUnderTest()]];
if (databaseUrl) {
  kinds.push([
    'the PostgreSQL and S3 store',
    async () => {
      const under = await pgS3UnderTest(databaseUrl);
      // Every request of the commands to the bucket takes a while: each command's change lasts long
      // enough for the other's to start meanwhile. The manifests' URLs stay the bucket's own.
      const slow = await tcpProxy(Number(new URL(under.env.RELEASE_S3_ENDPOINT!).port), { delayMs: 40 });
      return {
        ...under,
        env: { ...under.env, RELEASE_S3_ENDPOINT: `http://127.0.0.1:${slow.port}` },
        remove: async () => {
          await slow.close();
          await under.remove();
        },
      };
    },
  ]);
}

describe.each(kinds)('two release commands at once, on %s', (_name, open) => {
  let site: FakeSite;
  let under: StoreUnderTest;
  let env: Record<string, string>;
  let ctx: ReleaseContext<Store>;
  const versions: Record<string, string> = {};

  beforeAll(async () => {
    site = fakeSite();
    under = await open();
    env = { ...under.env, SHELL_DIST: site.ctx.shellDist, USER_SERVICE_URL: 'http://127.0.0.1:9' };
    ctx = { ...site.ctx, store: under.store };
    await init(ctx);
    for (const content of ['v2', 'v3']) {
      versions[content] = (await publish(ctx, 'mfe_account', { from: site.build('mfe_account', { content, dir: join(site.root, `account-${content}`) }) })).version;
    }
  });

  afterAll(async () => {
    await under.remove();
    site.remove();
  });

  const state = () => ctx.store.read();
  const canaryOf = async () => (await state()).document!.mfe_account.canary;
  const as = (who: string) => ({ ...env, RELEASE_ACTOR: who });
  const expectDone = (run: Ran) => expect(run).toMatchObject({ code: 0, stderr: '' });

  it('canary against rollback, three times: both applied, one after the other, the second on what the first left', async () => {
    for (let round = 0; round < 3; round += 1) {
      await canary(ctx, 'mfe_account', versions.v2!, '10');
      const before = (await state()).history.length;
      const [canaried, rolledBack] = await Promise.all([release(as('team-a'), 'canary', 'mfe_account', versions.v3!, '20'), release(as('team-b'), 'rollback', 'mfe_account')]);
      expectDone(canaried);
      expectDone(rolledBack);
      const { history, document } = await state();
      const applied = history.slice(before);
      expect(applied.map((entry) => entry.who).sort()).toEqual(['team-a', 'team-b']);
      const [first, second] = applied as [HistoryEntry, HistoryEntry];
      if (first.verb === 'canary') {
        // The canary replaced v2; the rollback then aborted the canary it found: v3.
        expect(first).toMatchObject({ from: versions.v2, to: versions.v3, removedCanary: versions.v2 });
        expect(second).toMatchObject({ verb: 'rollback', removedCanary: versions.v3 });
        expect(document!.mfe_account.canary).toBeUndefined();
      } else {
        // The rollback aborted v2; the canary then came in with none before it.
        expect(first).toMatchObject({ verb: 'rollback', removedCanary: versions.v2 });
        expect(second).toMatchObject({ verb: 'canary', from: null, to: versions.v3, percentage: 20 });
        expect(document!.mfe_account.canary).toMatchObject({ manifest: manifestUrl(ctx.store, 'mfe_account', versions.v3!), percentage: 20 });
      }
    }
  });

  it('publish and canary against publish and canary, twice: every publish and canary in the history, the document the last canary', async () => {
    for (const [a, b] of [
      ['v6', 'v7'],
      ['v8', 'v9'],
    ]) {
      const before = (await state()).history.length;
      // A team's CI job: publish its build, then put the version it printed in a canary.
      const job = async (who: string, content: string, percent: string) => {
        const published = await release(as(who), 'publish', 'mfe_account', '--from', site.build('mfe_account', { content, dir: join(site.root, `account-${content}`) }), '--json');
        expectDone(published);
        const { version } = JSON.parse(published.stdout) as { version: string };
        expectDone(await release(as(who), 'canary', 'mfe_account', version, percent));
        return version;
      };
      const published = await Promise.all([job('team-a', a!, '10'), job('team-b', b!, '30')]);
      const { history, document } = await state();
      const applied = history.slice(before);
      expect(
        applied
          .filter((entry) => entry.verb === 'publish')
          .map((entry) => entry.to)
          .sort(),
      ).toEqual([...published].sort());
      const canaries = applied.filter((entry) => entry.verb === 'canary');
      expect(canaries.map((entry) => entry.to).sort()).toEqual([...published].sort());
      // The second canary replaced the first: it saw it.
      expect(canaries[1]!.from).toBe(canaries[0]!.to);
      expect(canaries[1]!.removedCanary).toBe(canaries[0]!.to);
      expect(document!.mfe_account.canary).toMatchObject({ manifest: manifestUrl(ctx.store, 'mfe_account', canaries[1]!.to!), percentage: canaries[1]!.percentage });
    }
  });

  it('says, in status, which store it is talking to', async () => {
    const run = await release(env, 'status');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[0]).toBe(`store: ${under.store.description}`);
  });

  it('refuses, saying why, a change that no longer applies to what the other left', async () => {
    await canary(ctx, 'mfe_account', versions.v2!, '10');
    // Both promote the same canary: the first makes it stable, the second finds no canary.
    const runs = await Promise.all([release(as('team-a'), 'promote', 'mfe_account'), release(as('team-b'), 'promote', 'mfe_account')]);
    expect(runs.map((run) => run.code).sort()).toEqual([0, 1]);
    const refused = runs.find((run) => run.code === 1)!;
    expect(refused.stderr).toBe('release: mfe_account has no canary to promote\n');
    const { history, document } = await state();
    expect(history.at(-1)).toMatchObject({ verb: 'promote', to: versions.v2 });
    expect(history.at(-2)).toMatchObject({ verb: 'canary', to: versions.v2 });
    expect(await canaryOf()).toBeUndefined();
    expect(document!.mfe_account.manifest).toBe(manifestUrl(ctx.store, 'mfe_account', versions.v2!));
  });
});
