import { cohortBucket, manifestFor, parseRemotesDocument, RemotesDocumentError } from './remotesDocument';

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

describe('canary cohorts', () => {
  const visitors = Array.from({ length: 2000 }, (_, i) => `visitor-${i}`);

  it('puts a visitor in the same cohort every time', () => {
    expect(cohortBucket('abc', 'mfe_account')).toBe(cohortBucket('abc', 'mfe_account'));
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
