// One contract, two stores: the folder (the embedded default) and PostgreSQL with S3 (when
// DATABASE_URL names a server). The release verbs see only this interface (store.ts).
import type { RemotesDocument } from '@site/shared-ui/remotes-document';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeSite, type FakeSite } from './fixtures/fakeSite';
import type { HistoryEntry } from './history';
import { integrityOfBuild, manifestUrl, versionOf, type Store } from './store';
import pg from 'pg';
import { PgS3Store } from './pgS3Store';
import { BUCKET, folderUnderTest, pgS3UnderTest, type StoreUnderTest } from './testing/stores';

jest.setTimeout(30_000);

const kinds: [string, () => Promise<StoreUnderTest>][] = [['the folder store', async () => folderUnderTest()]];
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) kinds.push(['the PostgreSQL and S3 store', () => pgS3UnderTest(databaseUrl)]);

const line = (from: string | null, to: string): HistoryEntry => ({
  when: new Date().toISOString(),
  who: 'tester',
  verb: 'canary',
  remote: 'mfe_account',
  from,
  to,
  percentage: 10,
  reason: null,
});

const documentOf = (store: Store, version: string): RemotesDocument => ({
  mfe_marketing: { manifest: manifestUrl(store, 'mfe_marketing', version) },
  mfe_auth: { manifest: manifestUrl(store, 'mfe_auth', version) },
  mfe_account: { manifest: manifestUrl(store, 'mfe_account', version) },
});

describe.each(kinds)('%s', (_name, open) => {
  let site: FakeSite;
  let under: StoreUnderTest;
  let store: Store;
  beforeEach(async () => {
    site = fakeSite();
    under = await open();
    store = under.store;
  });
  afterEach(async () => {
    await under.remove();
    site.remove();
  });

  /** Uploads a build of mfe_account and records it as published; returns its version. */
  const publishAccount = async (content: string) => {
    const dist = site.build('mfe_account', { content, dir: join(site.root, `account-${content}`) });
    const version = versionOf('1.0.0', dist);
    await store.change(async () => ({ published: [{ remote: 'mfe_account', version, integrity: await store.upload('mfe_account', dist, version) }], value: null }));
    return { dist, version };
  };

  it('starts with no document, no history and no version', async () => {
    expect(await store.read()).toEqual({ document: null, history: [], published: [] });
  });

  it('publishes a version: its files where its URL serves them, recorded with the integrity of its manifest and entries', async () => {
    const { dist, version } = await publishAccount('v1');
    expect((await store.read()).published).toEqual([{ remote: 'mfe_account', version, integrity: integrityOfBuild(dist) }]);
    expect(await store.fetchStored(manifestUrl(store, 'mfe_account', version))).toEqual(readFileSync(join(dist, 'mf-manifest.json')));
    expect(await store.fetchStored(`${store.baseUrl}/mfe-account/${version}/291.082c61aebe21.js`)).toEqual(readFileSync(join(dist, '291.082c61aebe21.js')));
    await expect(store.verify('mfe_account', version, integrityOfBuild(dist))).resolves.toBeUndefined();
  });

  it('lists the versions oldest first', async () => {
    const first = await publishAccount('v1');
    const second = await publishAccount('v2');
    const third = await publishAccount('v3');
    expect((await store.read()).published.map((entry) => entry.version)).toEqual([first.version, second.version, third.version]);
  });

  it('refuses to upload a build as a version it is not (a build changed since its version was taken)', async () => {
    const dist = site.build('mfe_account', { content: 'v1', dir: join(site.root, 'account') });
    await expect(store.upload('mfe_account', dist, '1.0.0-000000000000')).rejects.toThrow(/changed while it was being copied/);
  });

  it('writes a change (the document, its history lines) as one, and reads it back', async () => {
    const { version } = await publishAccount('v1');
    const document = documentOf(store, version);
    expect(await store.change(async () => ({ document, history: [line(null, 'a'), line('a', 'b')], value: 'done' }))).toBe('done');
    const state = await store.read();
    expect(state.document).toEqual(document);
    expect(state.history.map((entry) => entry.to)).toEqual(['a', 'b']);
  });

  it('writes nothing of a change that throws', async () => {
    const { version } = await publishAccount('v1');
    await store.change(async () => ({ document: documentOf(store, version), history: [line(null, 'a')], value: null }));
    const before = await store.read();
    const { version: other } = await publishAccount('v2');
    const after = await store.read();
    await expect(
      store.change(async () => {
        throw new Error('refused: no good');
      }),
    ).rejects.toThrow('refused: no good');
    await expect(
      store.change(async () => {
        await store.upload('mfe_account', site.build('mfe_account', { content: 'v3', dir: join(site.root, 'account-v3') }), 'x');
        return { document: documentOf(store, other), value: null };
      }),
    ).rejects.toThrow(/changed while it was being copied/);
    expect(await store.read()).toEqual(after);
    expect(after.document).toEqual(before.document);
  });

  it('applies two changes made at once one after the other, each on what the other left', async () => {
    const append = (to: string) =>
      store.change(async (state) => {
        // Long enough for the other change to start meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { history: [line(state.history.at(-1)?.to ?? null, to)], value: state.history.length };
      });
    const seen = await Promise.all([append('a'), append('b')]);
    expect(seen.sort()).toEqual([0, 1]);
    const { history } = await store.read();
    expect(history).toHaveLength(2);
    // The second saw the first: its line starts where the first ended.
    expect(history[1]!.from).toBe(history[0]!.to);
  });

  it('finds a stored file that is no longer the one published, naming it', async () => {
    const { dist, version } = await publishAccount('v1');
    await under.tamper('mfe_account', version, 'remoteEntry.js');
    await expect(store.verify('mfe_account', version, integrityOfBuild(dist))).rejects.toThrow(/remoteEntry\.js in the store is not the file published/);
  });

  it('reads none but its own URLs, and says when one of them has nothing', async () => {
    expect(await store.fetchStored('http://elsewhere.test/mfe-account/1.0.0-aaaaaaaaaaaa/mf-manifest.json')).toBeNull();
    await expect(store.fetchStored(manifestUrl(store, 'mfe_account', '1.0.0-aaaaaaaaaaaa'))).rejects.toThrow(/nothing at/);
  });

  it('says which store it is', () => {
    expect(store.description).toMatch(
      store.kind === 'folder' ? /^the folder / : /^PostgreSQL .* \(schema release_test_\w+\) for the release state, s3:\/\/site-versions\/ for the versions/,
    );
  });
});

if (databaseUrl) {
  describe('a team CI role with no right to create anything, on postgres', () => {
    const role = `release_ci_${process.pid}`;
    let site: FakeSite;
    let under: StoreUnderTest;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };

    beforeEach(async () => {
      site = fakeSite();
      under = await pgS3UnderTest(databaseUrl);
      // The owner's first command makes the tables.
      await under.store.read();
    });
    afterEach(async () => {
      await under.remove();
      await admin(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
      site.remove();
    });

    it('publishes once the tables are made, with USAGE on the schema and SELECT, INSERT, UPDATE on its tables and sequences', async () => {
      const schema = /\(schema (\w+)\)/.exec(under.store.description)![1]!;
      await admin(
        `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA "${schema}" TO ${role}; GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA "${schema}" TO ${role}; GRANT USAGE ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${role}`,
      );
      const url = new URL(databaseUrl);
      url.username = role;
      const ci = new PgS3Store({
        databaseUrl: url.href,
        schema,
        s3: { bucket: BUCKET, prefix: '', endpoint: under.env.RELEASE_S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true },
        baseUrl: under.store.baseUrl,
      });
      try {
        const dist = site.build('mfe_account', { content: 'v1', dir: join(site.root, 'account') });
        const version = versionOf('1.0.0', dist);
        await ci.change(async () => ({
          published: [{ remote: 'mfe_account', version, integrity: await ci.upload('mfe_account', dist, version) }],
          history: [line(null, version)],
          value: null,
        }));
        expect((await under.store.read()).published.map((entry) => entry.version)).toEqual([version]);
      } finally {
        await ci.close();
      }
    });
  });
}
