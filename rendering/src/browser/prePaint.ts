/**
 * The script the HTML runs before first paint (build/pageTemplate.cjs inlines it), so a visitor who
 * chose the light theme never sees a dark flash: the theme, the locale and the signed-in hint read
 * by the same rules, keys and defaults as ThemeModeProvider, the i18n bootstrap and the session
 * (the theme's cookie first; localStorage only in a browser without it: storage.ts, preferencesInCookies).
 * The language is the page's by the rule the server drew it with (localeFrom: the address's
 * `?lang=`, the cookie, then localStorage's copy, else Romanian). It also marks a visitor the
 * prerendered HTML was not drawn for (a stored theme other than the default, a language other than
 * the HTML's own `lang`, or the login cookie where the HTML was drawn for no one signed in, or its
 * absence where it was drawn for someone signed in): that page is hidden and rendered afresh.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_PARAM, LOCALES } from '@site/shared-ui/locales';
import { LOGIN_COOKIE_SET } from '@site/shared-ui/login-cookie';
import { STORAGE_KEYS } from '@site/shared-ui/storage';
import { DARK_QUERY, DEFAULT_THEME, THEME_ATTRIBUTE, THEME_COOKIE, THEME_PREFERENCES } from '@site/shared-ui/themes';
import { MARKERS } from '../contract';

export function prePaintScript(): string {
  const js = JSON.stringify;
  const { freshRenderAttribute, signedInDocumentAttribute } = MARKERS;
  return [
    // The theme's cookie, else (no such cookie: preferencesInCookies) localStorage, s, which the
    // locale's rule reads then too: a browser with the cookie touches no localStorage here.
    `(function(){try{var d=document.documentElement,k=document.cookie,m=k.match(/(?:^|;\\s*)${THEME_COOKIE}=([^;]*)/),p=m&&m[1],s=null,P=${js(THEME_PREFERENCES)};`,
    `if(P.indexOf(p)<0){s=localStorage;p=s.getItem(${js(STORAGE_KEYS.theme)})}`,
    `var t=P.indexOf(p)>=0?p:${js(DEFAULT_THEME)};`,
    `if(t==='system')t=matchMedia(${js(DARK_QUERY)}).matches?'dark':'light';`,
    `d.setAttribute(${js(THEME_ATTRIBUTE)},t);d.style.colorScheme=t;`,
    // localeFrom's rule: the first of the address's, the cookie's and the stored copy's that is a locale.
    `var c=k.match(/(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)/),w=d.lang,l=[new URLSearchParams(location.search).get(${js(LOCALE_PARAM)}),c&&c[1],s&&s.getItem(${js(STORAGE_KEYS.locale)})].filter(function(v){return ${js(LOCALES)}.indexOf(v)>=0})[0]||${js(DEFAULT_LOCALE)};d.lang=l;`,
    // The login cookie as the session and the server read it: that name, with a value.
    `var i=/${LOGIN_COOKIE_SET}/.test(k);`,
    `if(p&&p!==${js(DEFAULT_THEME)}||l!==w||i!==d.hasAttribute(${js(signedInDocumentAttribute)}))d.setAttribute(${js(freshRenderAttribute)},'skip');`,
    '}catch(e){}})();',
  ].join('');
}
