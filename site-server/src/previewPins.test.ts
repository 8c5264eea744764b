import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_COOKIE } from '@site/contract/telemetry';
import { verifyViewToken } from '@site/contract/view-token';
import { PREVIEW_COOKIE, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { SignJWT } from 'jose';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PREVIEW_SECRET, previewSecret, signPreviewPin, verifyPreviewPin } from './previewPins';
import { shellApp } from './siteServers';

const SECRET = 'a-preview-secret-of-at-least-32-characters';
const STABLE = 'https://cdn.example/mfe-marketing/1.0.0-aaaaaaaaaaaa/mf-manifest.json';
const PREVIEWED = {
  remote: 'mfe_marketing' as const,
  version: '1.1.0-bbbbbbbbbbbb',
  manifest: 'https://cdn.example/mfe-marketing/1.1.0-bbbbbbbbbbbb/mf-manifest.json',
  integrity: { 'mf-manifest.json': `sha256-${'A'.repeat(43)}=` },
};
const policy = { origins: ['https://cdn.example'] };
const HOUR = 3_600_000;

/** The token with its payload changed and its signature kept (what a crafted link would carry). */
function altered(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...change };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('a preview pin', () => {
  it('is verified with the secret it was signed with: its remote, version, deployment and end', async () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const { token, expiresAt } = await signPreviewPin(SECRET, PREVIEWED, { hours: 2, now });
    expect(expiresAt).toBe(now + 2 * HOUR);
    await expect(verifyPreviewPin(SECRET, token, { policy, now: now + HOUR })).resolves.toEqual({ ...PREVIEWED, expiresAt });
  });

  it('is nothing when altered, signed with another secret, expired, or longer than a preview may last', async () => {
    const now = Date.now();
    const { token } = await signPreviewPin(SECRET, PREVIEWED, { now });
    await expect(verifyPreviewPin(SECRET, altered(token, { v: '0.9.0-cccccccccccc' }), { policy })).resolves.toBeNull();
    await expect(verifyPreviewPin(SECRET, altered(token, { m: STABLE.replace('cdn.example', 'evil.example') }), { policy })).resolves.toBeNull();
    await expect(verifyPreviewPin('another-secret-of-at-least-32-characters', token, { policy })).resolves.toBeNull();
    await expect(verifyPreviewPin(SECRET, token, { policy, now: now + 24 * HOUR + 1000 })).resolves.toBeNull();
    // Signed with the secret but for a week (not by the release command, which stops at 24 hours).
    const long = await new SignJWT({ r: PREVIEWED.remote, v: PREVIEWED.version, m: PREVIEWED.manifest })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('preview')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyPreviewPin(SECRET, long, { policy })).resolves.toBeNull();
    for (const junk of ['', 'x', 'a.b.c', null, 42, 'a'.repeat(5000)]) await expect(verifyPreviewPin(SECRET, junk, { policy })).resolves.toBeNull();
    await expect(signPreviewPin(SECRET, PREVIEWED, { hours: 25 })).rejects.toThrow(RangeError);
    await expect(signPreviewPin(SECRET, PREVIEWED, { hours: 0 })).rejects.toThrow(RangeError);
  });

  it("names a manifest on the configured origins only: a developer's server is for local mode (no policy)", async () => {
    const dev = { remote: 'mfe_marketing' as const, version: 'local', manifest: 'http://localhost:3001/mf-manifest.json' };
    const { token } = await signPreviewPin(SECRET, dev);
    await expect(verifyPreviewPin(SECRET, token, { policy })).resolves.toBeNull();
    await expect(verifyPreviewPin(SECRET, token)).resolves.toMatchObject(dev);
  });
});

describe('PREVIEW_SECRET', () => {
  it('has a public default in local mode only; outside it, unset turns previews off, and a weak one refuses the start', () => {
    expect(previewSecret({ NODE_ENV: 'development' })).toBe(LOCAL_PREVIEW_SECRET);
    expect(previewSecret({ NODE_ENV: 'test', PREVIEW_SECRET: SECRET })).toBe(SECRET);
    expect(previewSecret({ NODE_ENV: 'production' })).toBeNull();
    expect(previewSecret({ NODE_ENV: 'production', PREVIEW_SECRET: SECRET })).toBe(SECRET);
    expect(() => previewSecret({ NODE_ENV: 'production', PREVIEW_SECRET: LOCAL_PREVIEW_SECRET })).toThrow(/public local value/);
    expect(() => previewSecret({ NODE_ENV: 'production', PREVIEW_SECRET: 'short' })).toThrow(/at least 32/);
    // A typo in NODE_ENV is not local mode.
    expect(previewSecret({ NODE_ENV: 'prodution' })).toBeNull();
  });
});

describe("the site's server and a preview link", () => {
  const document: RemotesDocument = {
    mfe_marketing: { manifest: STABLE },
    mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
    mfe_account: { manifest: 'http://localhost:3003/mf-manifest.json' },
  };
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'preview-pins-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  // Every view granted (the user service's grants: viewTokens.test.ts).
  const app = () => shellApp({ remotes: () => document, dist, prerender: false, readsServiceUrl: null, viewGrants: async () => true });
  const setCookies = (response: Response) => response.headers.getSetCookie();

  it('keeps a valid pin in the browser until it ends, and sends it on to the address without it', async () => {
    // The tests run in local mode: the public local secret is the server's.
    const before = Date.now();
    const { token } = await signPreviewPin(LOCAL_PREVIEW_SECRET, PREVIEWED, { hours: 1 });
    const response = await app().request(`http://localhost:3000/contact?lang=en&preview=${token}`);
    const elapsedSeconds = Math.ceil((Date.now() - before) / 1000);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/contact?lang=en');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const cookie = setCookies(response).find((c) => c.startsWith(`${PREVIEW_COOKIE}=`))!;
    expect(cookie).toContain(`${PREVIEW_COOKIE}=${token}`);
    // The pin's hour less the seconds this took (a busy machine may take several), never more.
    const maxAge = Number(/Max-Age=(\d+);/.exec(cookie)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(maxAge).toBeGreaterThanOrEqual(3600 - elapsedSeconds - 1);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('pins nothing with a link whose pin is not valid, and takes it out of the address all the same', async () => {
    const { token } = await signPreviewPin(LOCAL_PREVIEW_SECRET, PREVIEWED);
    for (const link of [`/?preview=${altered(token, { v: '0.0.1-dddddddddddd' })}`, '/?preview=', '/?preview=%00']) {
      const response = await app().request(`http://localhost:3000${link}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/');
      expect(setCookies(response).some((c) => c.startsWith(`${PREVIEW_COOKIE}=`))).toBe(false);
    }
  });

  it("sends the browser on to a path of the site's own, never to another site", async () => {
    const { token } = await signPreviewPin(LOCAL_PREVIEW_SECRET, PREVIEWED);
    for (const [address, location] of [
      [`//evil.example/?preview=${token}`, '/evil.example/'],
      [`///evil.example?lang=en&preview=x`, '/evil.example?lang=en'],
    ]) {
      const response = await app().request(new Request(`http://localhost:3000${address}`));
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(location);
    }
    // An encoded backslash has no one reading (requestPath.ts): refused before any link is followed.
    expect((await app().request(new Request('http://localhost:3000/%5Cevil.example/?preview=x'))).status).toBe(400);
  });

  it("counts a pinned browser's views apart (its view token's cohort), and removes a pin that is no longer valid", async () => {
    const { token } = await signPreviewPin(LOCAL_PREVIEW_SECRET, PREVIEWED);
    const pinned = await app().request('http://localhost:3000/', { headers: { Cookie: `${PREVIEW_COOKIE}=${token}` } });
    const viewToken = setCookies(pinned)
      .find((c) => c.startsWith(`${VIEW_TOKEN_COOKIE}=`))!
      .split(';')[0]!
      .slice(VIEW_TOKEN_COOKIE.length + 1);
    const verified = await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, viewToken);
    expect(verified!.deployments.mfe_marketing).toEqual({ version: PREVIEWED.version, cohort: 'preview' });
    expect(verified!.deployments.mfe_account).toEqual({ version: 'local', cohort: 'stable' });

    const stale = await app().request('http://localhost:3000/', { headers: { Cookie: `${PREVIEW_COOKIE}=${altered(token, { exp: 1 })}` } });
    expect(setCookies(stale).find((c) => c.startsWith(`${PREVIEW_COOKIE}=`))).toMatch(/^preview=;.*Max-Age=0/);
    const staleToken = setCookies(stale)
      .find((c) => c.startsWith(`${VIEW_TOKEN_COOKIE}=`))!
      .split(';')[0]!
      .slice(VIEW_TOKEN_COOKIE.length + 1);
    expect((await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, staleToken))!.deployments.mfe_marketing).toEqual({ version: '1.0.0-aaaaaaaaaaaa', cohort: 'stable' });
  });
});
