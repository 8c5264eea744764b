import { setLocale, SiteProviders } from '@site/shared-ui';
import { PREVIEW_COOKIE } from '@site/shared-ui/remotes-document';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import '../i18n/register';
import { reloadPage } from '../remotes/reloadOnce';
import { previewPin, previewPinAllowedBy } from '../remotes/preview';
import { PreviewBanner } from './PreviewBanner';

jest.mock('../remotes/reloadOnce', () => ({ reloadPage: jest.fn() }));

/** A pin as the cookie carries it (its signature is the server's to check: the browser only reads it). */
const pinToken = (claims: Record<string, unknown>) =>
  ['{"alg":"HS256"}', JSON.stringify({ aud: 'preview', iat: 1, ...claims }), 'signature'].map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part)).join('.');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const PIN = { r: 'mfe_account', v: '2.0.0-cccccccccccc', m: 'https://cdn.example/mfe-account/2.0.0-cccccccccccc/mf-manifest.json' };

beforeEach(() => {
  act(() => setLocale('ro'));
  Cookies.remove(PREVIEW_COOKIE, { path: '/' });
  jest.mocked(reloadPage).mockClear();
});

const renderBanner = () =>
  render(
    <SiteProviders>
      <PreviewBanner />
    </SiteProviders>,
  );

describe('the preview pinned in this browser', () => {
  /** The pin's cookie as the site's server sets it, in a response: a task of its own (the page's code reads the cookies once a task). */
  const serverSets = async (value: string) => {
    Cookies.set(PREVIEW_COOKIE, value, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('is read from its cookie: remote, version, deployment and end; nothing when absent, expired or not a pin', async () => {
    expect(previewPin()).toBeNull();
    const exp = inAnHour();
    await serverSets(pinToken({ ...PIN, exp }));
    expect(previewPin()).toEqual({ remote: 'mfe_account', version: PIN.v, manifest: PIN.m, expiresAt: exp * 1000 });
    await serverSets(pinToken({ ...PIN, exp: 100 }));
    expect(previewPin()).toBeNull();
    await serverSets(pinToken({ ...PIN, r: 'mfe_unknown', exp }));
    expect(previewPin()).toBeNull();
    await serverSets('not-a-token');
    expect(previewPin()).toBeNull();
  });
});

describe('a pin the shell loads', () => {
  const SRI = `sha256-${'A'.repeat(43)}=`;
  const doc = {
    mfe_marketing: { manifest: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json', integrity: { 'mf-manifest.json': SRI } },
    mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.0.0/mf-manifest.json' },
    mfe_account: { manifest: 'https://cdn.example/mfe-account/1.0.0/mf-manifest.json', integrity: { 'mf-manifest.json': SRI } },
  };
  const pin = {
    remote: 'mfe_account' as const,
    version: '2.0.0',
    manifest: 'https://cdn.example/mfe-account/2.0.0/mf-manifest.json',
    integrity: { 'mf-manifest.json': SRI },
    expiresAt: Date.now() + 3_600_000,
  };

  it("names a manifest on the document's own origins, with integrity where the document records it", () => {
    expect(previewPinAllowedBy(doc, pin, 'https://vedere.example/')).toBe(pin);
    expect(previewPinAllowedBy(doc, { ...pin, manifest: 'https://evil.example/mfe-account/mf-manifest.json' }, 'https://vedere.example/')).toBeNull();
    expect(previewPinAllowedBy(doc, { ...pin, integrity: undefined }, 'https://vedere.example/')).toBeNull();
    // A remote whose document records no integrity (a local build) takes a pin without it.
    expect(previewPinAllowedBy(doc, { ...pin, remote: 'mfe_auth' as const, integrity: undefined }, 'https://vedere.example/')).not.toBeNull();
    expect(previewPinAllowedBy(doc, null, 'https://vedere.example/')).toBeNull();
  });
});

describe('the preview banner', () => {
  it('is not there for a visitor with no preview', () => {
    renderBanner();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says which version of which remote the browser is shown, until when, in a named region whose button ends the preview', async () => {
    const user = userEvent.setup();
    Cookies.set(PREVIEW_COOKIE, pinToken({ ...PIN, exp: inAnHour() }), { path: '/' });
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Previzualizare' });
    expect(banner).toHaveTextContent(`Vedeți versiunea ${PIN.v} a mfe-account, pe care vizitatorii nu o văd încă. Previzualizarea se încheie pe`);
    const end = screen.getByRole('button', { name: 'Încheiați previzualizarea' });
    await user.tab();
    expect(end).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(Cookies.get(PREVIEW_COOKIE)).toBeUndefined();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is in English on an English page', () => {
    act(() => setLocale('en'));
    Cookies.set(PREVIEW_COOKIE, pinToken({ ...PIN, exp: inAnHour() }), { path: '/' });
    renderBanner();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(`You are seeing version ${PIN.v} of mfe-account`);
    expect(screen.getByRole('button', { name: 'End the preview' })).toBeInTheDocument();
  });
});
