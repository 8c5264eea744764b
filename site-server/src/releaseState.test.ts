import { rereadMsOf, storeConfig } from './releaseState';

const pg = {
  RELEASE_STORE: 'postgres+s3',
  RELEASE_DATABASE_URL: 'postgres://release@db.internal:5432/site',
  DEPLOY_BASE_URL: 'https://cdn.example.org/site',
  RELEASE_S3_BUCKET: 'site-versions',
};

describe('the store a process talks to (RELEASE_STORE)', () => {
  it('is the folder by default', () => {
    expect(storeConfig({})).toEqual({ kind: 'folder' });
    expect(storeConfig({ RELEASE_STORE: 'folder' })).toEqual({ kind: 'folder' });
  });

  it('is PostgreSQL and S3 when asked, with its schema (default release) and bucket', () => {
    expect(storeConfig(pg)).toEqual({
      kind: 'postgres+s3',
      databaseUrl: pg.RELEASE_DATABASE_URL,
      schema: 'release',
      s3: { bucket: 'site-versions', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false },
    });
    expect(storeConfig({ ...pg, RELEASE_DATABASE_SCHEMA: 'site_release', RELEASE_S3_PREFIX: '/prod/', RELEASE_S3_ENDPOINT: 'http://127.0.0.1:4568' })).toMatchObject({
      schema: 'site_release',
      s3: { prefix: 'prod/', endpoint: 'http://127.0.0.1:4568', forcePathStyle: true },
    });
  });

  it('needs no bucket for a site server, which reads the state only', () => {
    const { RELEASE_S3_BUCKET: _bucket, ...state } = pg;
    expect(storeConfig(state, { versions: false })).toMatchObject({ kind: 'postgres+s3', s3: null });
    expect(() => storeConfig(state)).toThrow('RELEASE_S3_BUCKET must name the bucket of the versions');
  });

  it.each([
    [{ RELEASE_STORE: 'postgres' }, 'RELEASE_STORE must be folder or postgres+s3 (it is "postgres")'],
    [{ RELEASE_STORE: 'Folder' }, 'RELEASE_STORE must be folder or postgres+s3 (it is "Folder")'],
    [{ ...pg, RELEASE_DATABASE_URL: undefined }, 'RELEASE_DATABASE_URL must be a postgres:// URL'],
    [{ ...pg, RELEASE_DATABASE_URL: 'mysql://db/site' }, 'RELEASE_DATABASE_URL must be a postgres:// URL'],
    [{ ...pg, DEPLOY_BASE_URL: undefined }, 'DEPLOY_BASE_URL must be the absolute URL the bucket is served from'],
    [{ ...pg, RELEASE_DATABASE_SCHEMA: 'release; drop' }, 'RELEASE_DATABASE_SCHEMA must be a lower-case SQL name'],
    [{ ...pg, RELEASE_S3_FORCE_PATH_STYLE: 'yes' }, 'RELEASE_S3_FORCE_PATH_STYLE must be true or false'],
    // A typo in RELEASE_STORE's name leaves the folder store asked for, with the PostgreSQL store's settings beside it.
    [{ RELEASE_STOR: 'postgres+s3', RELEASE_DATABASE_URL: pg.RELEASE_DATABASE_URL }, 'RELEASE_DATABASE_URL is set but RELEASE_STORE is unset (the folder store)'],
    [{ RELEASE_STORE: 'folder', RELEASE_S3_BUCKET: 'site-versions' }, 'RELEASE_S3_BUCKET is set but RELEASE_STORE is "folder"'],
  ])('refuses %j, naming what is wrong, never falling back to the folder', (env, message) => {
    expect(() => storeConfig(env)).toThrow(message);
  });
});

describe("a site's server's periodic re-read of the state (RELEASE_REREAD_MS)", () => {
  it('is every 5 s unless set', () => {
    expect(rereadMsOf({})).toBe(5_000);
    expect(rereadMsOf({ RELEASE_REREAD_MS: '2000' })).toBe(2_000);
  });

  it.each(['abc', '0', '50', '1.5', '3600001'])('refuses %s', (value) => {
    expect(() => rereadMsOf({ RELEASE_REREAD_MS: value })).toThrow(`RELEASE_REREAD_MS must be a whole number of milliseconds from 100 to 3600000 (it is "${value}")`);
  });
});
