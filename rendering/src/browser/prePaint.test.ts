import { PREFERENCE_COOKIE } from '@site/shared-ui/preference-cookie';
import { MARKERS } from '../contract';
import { prePaintScript } from './prePaint';

const html = document.documentElement;
const SKIP = MARKERS.freshRenderAttribute;
const DRAWN_SIGNED_IN = MARKERS.signedInDocumentAttribute;

function runPrePaint({
  theme,
  locale,
  cookie,
  systemDark = true,
  drawnSignedIn = false,
  drawnLang = 'ro',
  address = '/',
}: {
  theme?: string;
  locale?: string;
  cookie?: string;
  systemDark?: boolean;
  /** The HTML was drawn for a signed-in visitor (a signed-in page's layout around its loading status). */
  drawnSignedIn?: boolean;
  /** The language the HTML was drawn in (its <html lang>). */
  drawnLang?: string;
  /** The page's address (its path and query). */
  address?: string;
}) {
  localStorage.clear();
  if (theme !== undefined) localStorage.setItem('theme', theme);
  if (locale !== undefined) localStorage.setItem('locale', locale);
  for (const name of ['loginCookie', 'locale', 'theme']) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  if (cookie) document.cookie = cookie;
  window.history.replaceState(null, '', address);
  window.matchMedia = ((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark })) as unknown as typeof window.matchMedia;
  for (const name of ['data-theme', 'lang', SKIP, DRAWN_SIGNED_IN]) html.removeAttribute(name);
  if (drawnSignedIn) html.setAttribute(DRAWN_SIGNED_IN, '');
  html.lang = drawnLang;
  html.style.colorScheme = '';
  new Function(prePaintScript())();
  return { theme: html.getAttribute('data-theme'), colorScheme: html.style.colorScheme, lang: html.lang, skip: html.getAttribute(SKIP) };
}

describe('the pre-paint script', () => {
  it("reads the theme's cookie and no localStorage where the browser has it (a first visit, and every visit after one)", () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    try {
      expect(runPrePaint({ cookie: 'theme=dark; path=/' })).toEqual({ theme: 'dark', colorScheme: 'dark', lang: 'ro', skip: null });
      expect(runPrePaint({ cookie: 'theme=light; path=/' })).toEqual({ theme: 'light', colorScheme: 'light', lang: 'ro', skip: 'skip' });
      // The language then is the address's, else its cookie's, else the default: a stored copy is not read.
      expect(runPrePaint({ cookie: 'theme=dark; path=/', locale: 'en' })).toMatchObject({ lang: 'ro', skip: null });
      expect(runPrePaint({ cookie: 'theme=system; path=/', systemDark: false, address: '/?lang=en' })).toMatchObject({ theme: 'light', lang: 'en', skip: 'skip' });
      expect(getItem).not.toHaveBeenCalled();
      // The cookie beats a theme stored before it existed (the browser copied that one into it).
      expect(runPrePaint({ cookie: 'theme=dark; path=/', theme: 'light' })).toMatchObject({ theme: 'dark', skip: null });
    } finally {
      getItem.mockRestore();
    }
  });

  it("reads localStorage without the theme's cookie (a browser that refuses cookies, or one from before the cookie), or with one that names no theme", () => {
    expect(runPrePaint({ theme: 'light', locale: 'en' })).toMatchObject({ theme: 'light', lang: 'en', skip: 'skip' });
    expect(runPrePaint({ cookie: 'theme=purple; path=/', theme: 'light' })).toMatchObject({ theme: 'light', skip: 'skip' });
  });

  it('draws a first visit in the defaults (dark, Romanian), which is what the prerendered HTML shows', () => {
    expect(runPrePaint({})).toEqual({ theme: 'dark', colorScheme: 'dark', lang: 'ro', skip: null });
  });

  it('applies a stored light theme and English before first paint, and has such a page rendered afresh', () => {
    expect(runPrePaint({ theme: 'light' })).toEqual({ theme: 'light', colorScheme: 'light', lang: 'ro', skip: 'skip' });
    expect(runPrePaint({ locale: 'en' })).toEqual({ theme: 'dark', colorScheme: 'dark', lang: 'en', skip: 'skip' });
  });

  it('follows the device for "system"', () => {
    expect(runPrePaint({ theme: 'system', systemDark: false })).toMatchObject({ theme: 'light', skip: 'skip' });
    expect(runPrePaint({ theme: 'system', systemDark: true })).toMatchObject({ theme: 'dark' });
  });

  it('falls back to the defaults for values the site does not know', () => {
    expect(runPrePaint({ theme: 'purple', locale: 'fr' })).toMatchObject({ theme: 'dark', lang: 'ro' });
    expect(runPrePaint({ theme: 'dark', locale: 'ro' }).skip).toBeNull();
  });

  it('has a page drawn for no one signed in rendered afresh for a visitor with the login cookie', () => {
    expect(runPrePaint({ cookie: 'loginCookie=a.b.c; path=/' }).skip).toBe('skip');
  });

  it('keeps a page drawn for a signed-in visitor for one with the login cookie, in the defaults only', () => {
    expect(runPrePaint({ cookie: 'loginCookie=a.b.c; path=/', drawnSignedIn: true }).skip).toBeNull();
    expect(runPrePaint({ cookie: 'loginCookie=a.b.c; path=/', drawnSignedIn: true, theme: 'light' }).skip).toBe('skip');
    expect(runPrePaint({ cookie: 'loginCookie=a.b.c; path=/', drawnSignedIn: true, locale: 'en' }).skip).toBe('skip');
  });

  it('has a page drawn for a signed-in visitor rendered afresh for one without the login cookie (it ended meanwhile)', () => {
    expect(runPrePaint({ drawnSignedIn: true }).skip).toBe('skip');
  });

  it('reads the login cookie as the session and the server do: that name, with a value', () => {
    expect(runPrePaint({ cookie: 'xloginCookie=a.b.c; path=/', drawnSignedIn: true }).skip).toBe('skip');
    expect(runPrePaint({ cookie: 'xloginCookie=a.b.c; path=/' }).skip).toBeNull();
    expect(runPrePaint({ cookie: 'loginCookie=; path=/' }).skip).toBeNull();
    document.cookie = 'xloginCookie=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it("draws a page in the language its address names, else the cookie's, else the stored one, and keeps HTML drawn in that language", () => {
    expect(runPrePaint({ address: '/contact?lang=en', drawnLang: 'en' })).toMatchObject({ lang: 'en', skip: null });
    expect(runPrePaint({ address: '/contact?lang=en', cookie: 'locale=ro; path=/', locale: 'ro', drawnLang: 'en' })).toMatchObject({ lang: 'en', skip: null });
    expect(runPrePaint({ cookie: 'locale=en; path=/', locale: 'ro', drawnLang: 'en' })).toMatchObject({ lang: 'en', skip: null });
    expect(runPrePaint({ address: '/?lang=fr', cookie: 'locale=xx; path=/', locale: 'en', drawnLang: 'en' })).toMatchObject({ lang: 'en', skip: null });
  });

  it("has HTML drawn in another language than the visitor's rendered afresh", () => {
    expect(runPrePaint({ cookie: 'locale=en; path=/', drawnLang: 'ro' })).toMatchObject({ lang: 'en', skip: 'skip' });
    expect(runPrePaint({ address: '/?lang=ro', cookie: 'locale=en; path=/', drawnLang: 'en' })).toMatchObject({ lang: 'ro', skip: 'skip' });
  });
});

it("has the early-event script keep a choice made before hydration in a preference cookie (the attributes shared-ui's browser code and the site's server give one)", () => {
  const { path, sameSite, days } = PREFERENCE_COOKIE;
  expect(MARKERS.storedChoiceCookie).toBe(`path=${path}; max-age=${days * 86_400}; samesite=${sameSite.toLowerCase()}`);
});
