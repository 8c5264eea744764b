/**
 * The script the HTML runs before first paint (build/pageTemplate.cjs inlines it), so a visitor who
 * chose the light theme never sees a dark flash: the theme, the locale and the signed-in hint read
 * by the same rules, keys and defaults as ThemeModeProvider, the i18n bootstrap and the session.
 * It also marks a visitor the prerendered HTML was not drawn for (a stored theme other than the
 * default, another language, or the login cookie where the HTML was drawn for no one signed in, or
 * its absence where it was drawn for someone signed in): that page is hidden and rendered afresh.
 */
import { DEFAULT_LOCALE, LOCALES } from '@site/shared-ui/locales';
import { LOGIN_COOKIE_SET } from '@site/shared-ui/login-cookie';
import { STORAGE_KEYS } from '@site/shared-ui/storage';
import { DARK_QUERY, DEFAULT_THEME, THEME_ATTRIBUTE, THEME_PREFERENCES } from '@site/shared-ui/themes';
import { MARKERS } from '../contract';

export function prePaintScript(): string {
  const js = JSON.stringify;
  const { freshRenderAttribute, signedInDocumentAttribute } = MARKERS;
  return [
    '(function(){try{var d=document.documentElement,s=localStorage;',
    `var p=s.getItem(${js(STORAGE_KEYS.theme)}),t=${js(THEME_PREFERENCES)}.indexOf(p)>=0?p:${js(DEFAULT_THEME)};`,
    `if(t==='system')t=matchMedia(${js(DARK_QUERY)}).matches?'dark':'light';`,
    `d.setAttribute(${js(THEME_ATTRIBUTE)},t);d.style.colorScheme=t;`,
    `var l=s.getItem(${js(STORAGE_KEYS.locale)});if(${js(LOCALES)}.indexOf(l)<0)l=${js(DEFAULT_LOCALE)};d.lang=l;`,
    // The login cookie as the session and the server read it: that name, with a value.
    `var i=/${LOGIN_COOKIE_SET}/.test(document.cookie);`,
    `if(p&&p!==${js(DEFAULT_THEME)}||l!==${js(DEFAULT_LOCALE)}||i!==d.hasAttribute(${js(signedInDocumentAttribute)}))d.setAttribute(${js(freshRenderAttribute)},'skip');`,
    '}catch(e){}})();',
  ].join('');
}
