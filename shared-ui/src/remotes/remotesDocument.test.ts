import {
  cohortBucket,
  deploymentFor,
  integrityAt,
  LOCAL_VERSION,
  manifestFor,
  parseRemotesDocument,
  REMOTE_NAMES,
  RemotesDocumentError,
  UNRECOGNISED_VERSION,
  versionOfManifest,
  type RemotesDocument,
} from './remotesDocument';

const valid = {
  mfe_marketing: { manifest: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json' },
  mfe_auth: { manifest: '/mfe-auth/mf-manifest.json' },
  mfe_account: {
    manifest: 'https://cdn.example/mfe-account/1.0.0/mf-manifest.json',
    canary: { manifest: 'https://cdn.example/mfe-account/1.1.0/mf-manifest.json', percentage: 5 },
  },
};

describe('the remotes document', () => {
  it('reads a manifest URL per remote, with an optional canary', () => {
    const doc = parseRemotesDocument(valid);
    expect(doc.mfe_auth.manifest).toBe('/mfe-auth/mf-manifest.json');
    expect(doc.mfe_account.canary).toEqual({ manifest: valid.mfe_account.canary.manifest, percentage: 5 });
  });

  it.each([
    ['not an object', null],
    ['a remote missing', { mfe_marketing: valid.mfe_marketing, mfe_auth: valid.mfe_auth }],
    ['an empty manifest URL', { ...valid, mfe_auth: { manifest: '' } }],
    ['a canary percentage over 100', { ...valid, mfe_auth: { manifest: '/a', canary: { manifest: '/b', percentage: 101 } } }],
    ['a canary without a manifest', { ...valid, mfe_auth: { manifest: '/a', canary: { percentage: 5 } } }],
  ])('rejects a document with %s', (_case, json) => {
    expect(() => parseRemotesDocument(json)).toThrow(RemotesDocumentError);
  });
});

describe('a remotes document read with the configured origins (the site outside local mode)', () => {
  const policy = { origins: ['https://cdn.example'] };
  const absolute = { ...valid, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.0.0/mf-manifest.json' } };

  it('takes absolute manifests on those origins, canaries included', () => {
    expect(parseRemotesDocument(absolute, policy).mfe_account.canary?.manifest).toBe(valid.mfe_account.canary.manifest);
  });

  it.each([
    ['a relative manifest (resolved against whatever Host a request names)', valid],
    ['a protocol-relative manifest', { ...absolute, mfe_auth: { manifest: '//attacker.example/mf-manifest.json' } }],
    ['a manifest on another origin', { ...absolute, mfe_auth: { manifest: 'https://attacker.example/mfe-auth/1.0.0/mf-manifest.json' } }],
    ['the same host on another port', { ...absolute, mfe_auth: { manifest: 'https://cdn.example:8443/mfe-auth/1.0.0/mf-manifest.json' } }],
    ['a canary on another origin', { ...absolute, mfe_account: { ...absolute.mfe_account, canary: { manifest: 'http://attacker:3999/mf-manifest.json', percentage: 5 } } }],
    ['a data: URL', { ...absolute, mfe_auth: { manifest: 'data:application/json,{}' } }],
  ])('refuses %s', (_case, json) => {
    expect(() => parseRemotesDocument(json, policy)).toThrow(RemotesDocumentError);
  });
});

describe("a deployment's integrity", () => {
  const sri = `sha256-${'A'.repeat(43)}=`;
  const withIntegrity = (integrity: unknown) => ({ ...valid, mfe_marketing: { ...valid.mfe_marketing, integrity } });

  it('is kept as recorded, and found by the URL of each file', () => {
    const doc = parseRemotesDocument(withIntegrity({ 'mf-manifest.json': sri, 'server/render.abc.js': sri }));
    const deployment = deploymentFor('mfe_marketing', doc.mfe_marketing, 'visitor-1');
    expect(deployment.integrity).toEqual({ 'mf-manifest.json': sri, 'server/render.abc.js': sri });
    expect(integrityAt(deployment, 'https://cdn.example/mfe-marketing/1.0.0/server/render.abc.js')).toBe(sri);
    expect(integrityAt(deployment, 'https://cdn.example/mfe-marketing/1.0.0/remoteEntry.js')).toBeNull();
    expect(integrityAt(deployment, 'https://cdn.example/mfe-marketing/2.0.0/mf-manifest.json')).toBeNull();
  });

  it.each([
    ['not sha256', { 'mf-manifest.json': 'md5-abc' }],
    ['a path out of its folder', { '../mf-manifest.json': sri }],
    ['an absolute path', { '/mf-manifest.json': sri }],
    ['a list', [sri]],
  ])('is refused when %s', (_case, integrity) => {
    expect(() => parseRemotesDocument(withIntegrity(integrity))).toThrow(RemotesDocumentError);
  });
});

describe('canary cohorts', () => {
  const visitors = Array.from({ length: 2000 }, (_, i) => `visitor-${i}`);

  // Three visitors and the buckets FNV-1a gives them, worked out once and written here: a change of
  // the hash would move visitors between versions, and fails here.
  const ana = 'deadbeef-0000-4000-8000-000000000001';
  const bogdan = 'c0ffee00-1234-4bcd-9aaa-0123456789ab';
  const cristina = 'a1b2c3d4-e5f6-4789-8abc-def012345678';
  const withCanary = (percentage: number, version = '1.1.0') =>
    parseRemotesDocument({ ...valid, mfe_account: { ...valid.mfe_account, canary: { manifest: `https://cdn.example/mfe-account/${version}/mf-manifest.json`, percentage } } });

  it('gives a visitor the same bucket of each remote in any process (the buckets written here)', () => {
    const buckets = (visitor: string) => Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, cohortBucket(visitor, remote)]));
    expect(buckets(ana)).toEqual({ mfe_marketing: 33, mfe_auth: 45, mfe_account: 6 });
    expect(buckets(bogdan)).toEqual({ mfe_marketing: 14, mfe_auth: 8, mfe_account: 13 });
    expect(buckets(cristina)).toEqual({ mfe_marketing: 51, mfe_auth: 15, mfe_account: 92 });
  });

  it("puts a visitor in the same cohort on every visit while the canary's percentage does not change", () => {
    // Whichever visit (the visitor's id kept by its cookie, the document read again), the cohorts written here.
    const visit = (doc: RemotesDocument, visitor: string) => deploymentFor('mfe_account', doc.mfe_account, visitor);
    expect([ana, bogdan, cristina].map((visitor) => visit(withCanary(10), visitor).cohort)).toEqual(['canary', 'stable', 'stable']);
    // A newer canary at the same percentage has the same visitors.
    expect([ana, bogdan, cristina].map((visitor) => visit(withCanary(10, '1.2.0'), visitor))).toEqual([
      { manifest: 'https://cdn.example/mfe-account/1.2.0/mf-manifest.json', cohort: 'canary' },
      { manifest: valid.mfe_account.manifest, cohort: 'stable' },
      { manifest: valid.mfe_account.manifest, cohort: 'stable' },
    ]);
  });

  it('keeps a visitor inside a canary as it rises (10% to 20%), and adds those it reaches', () => {
    const cohorts = (percentage: number) => [ana, bogdan, cristina].map((visitor) => deploymentFor('mfe_account', withCanary(percentage).mfe_account, visitor).cohort);
    expect(cohorts(10)).toEqual(['canary', 'stable', 'stable']);
    expect(cohorts(20)).toEqual(['canary', 'canary', 'stable']);

    const rising = [1, 5, 10, 20, 50, 99, 100].map((percentage) => withCanary(percentage).mfe_account);
    const leaveOnTheWay = visitors.filter((visitor) => {
      const inside = rising.map((location) => deploymentFor('mfe_account', location, visitor).cohort === 'canary');
      return inside.slice(inside.indexOf(true)).includes(false);
    });
    expect(leaveOnTheWay).toEqual([]);
  });

  it('sends about the configured share of visitors to the canary, and only for that remote', () => {
    const doc = parseRemotesDocument(valid);
    const onCanary = visitors.filter((v) => manifestFor('mfe_account', doc.mfe_account, v) === valid.mfe_account.canary.manifest);
    expect(onCanary.length / visitors.length).toBeGreaterThan(0.03);
    expect(onCanary.length / visitors.length).toBeLessThan(0.07);
    expect(visitors.every((v) => manifestFor('mfe_auth', doc.mfe_auth, v) === '/mfe-auth/mf-manifest.json')).toBe(true);
  });

  it('sends nobody at 0% and everybody at 100%', () => {
    const at = (percentage: number) => ({ manifest: '/stable', canary: { manifest: '/canary', percentage } });
    expect(visitors.some((v) => manifestFor('mfe_marketing', at(0), v) === '/canary')).toBe(false);
    expect(visitors.every((v) => manifestFor('mfe_marketing', at(100), v) === '/canary')).toBe(true);
  });
});

describe('the version of a deployment, from its manifest URL', () => {
  it("is the manifest's folder in the deployment store", () => {
    expect(versionOfManifest('http://localhost:3004/mfe-account/1.0.0-abc123def456/mf-manifest.json')).toBe('1.0.0-abc123def456');
    expect(versionOfManifest('https://cdn.example/site/mfe-auth/2.1.0-0123456789ab/mf-manifest.json?v=1')).toBe('2.1.0-0123456789ab');
  });

  it("is 'local' for a manifest at a host's root, as each remote's own port serves it", () => {
    expect(versionOfManifest('http://localhost:3003/mf-manifest.json')).toBe(LOCAL_VERSION);
    expect(versionOfManifest('/mf-manifest.json')).toBe(LOCAL_VERSION);
  });

  it('never passes on a folder name that is no version of the store', () => {
    expect(versionOfManifest('https://cdn.example/a%20b/mf-manifest.json')).toBe(UNRECOGNISED_VERSION);
    expect(versionOfManifest(`https://cdn.example/${'v'.repeat(65)}/mf-manifest.json`)).toBe(UNRECOGNISED_VERSION);
  });
});

describe('a preview pinned in a browser', () => {
  const location = {
    manifest: 'https://cdn.example/mfe-account/1.0.0/mf-manifest.json',
    canary: { manifest: 'https://cdn.example/mfe-account/1.1.0/mf-manifest.json', percentage: 100 },
  };
  const pin = {
    remote: 'mfe_account' as const,
    version: '2.0.0',
    manifest: 'https://cdn.example/mfe-account/2.0.0/mf-manifest.json',
    integrity: { 'mf-manifest.json': `sha256-${'B'.repeat(43)}=` },
    expiresAt: Date.UTC(2026, 10, 28),
  };
  const now = Date.UTC(2026, 10, 27);

  it('gives its remote the pinned version, counted as a preview, over the canary and the stable version', () => {
    expect(deploymentFor('mfe_account', location, 'visitor-1', pin, now)).toEqual({ manifest: pin.manifest, integrity: pin.integrity, cohort: 'preview' });
  });

  it('leaves the other remotes as the document gives them, and pins nothing once it has ended', () => {
    expect(deploymentFor('mfe_auth', location, 'visitor-1', { ...pin, remote: 'mfe_auth' as const }, now).cohort).toBe('preview');
    expect(deploymentFor('mfe_account', location, 'visitor-1', { ...pin, remote: 'mfe_auth' as const }, now)).toEqual({ manifest: location.canary.manifest, cohort: 'canary' });
    expect(deploymentFor('mfe_account', location, 'visitor-1', pin, pin.expiresAt)).toEqual({ manifest: location.canary.manifest, cohort: 'canary' });
    expect(deploymentFor('mfe_account', location, 'visitor-1', null, now).cohort).toBe('canary');
  });
});
