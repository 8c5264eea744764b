/** @jest-environment jsdom */
import { globalCss } from './globalCss';
import { THEME_ATTRIBUTE, themes } from './themes';

/** The page's first style as the template writes it, applied to a document with the given theme on <html> (none: the attribute unset). */
function documentWith(theme: string | null) {
  const style = document.createElement('style');
  style.textContent = globalCss();
  document.head.replaceChildren(style);
  document.body.innerHTML = '<main><h1>Titlu</h1><p>Text <a href="/x">legătură</a></p></main>';
  if (theme) document.documentElement.setAttribute(THEME_ATTRIBUTE, theme);
  else document.documentElement.removeAttribute(THEME_ATTRIBUTE);
  return getComputedStyle(document.documentElement);
}

describe("the site's global rules", () => {
  // They are static CSS in every page's first style (@site/rendering's pageTemplate.cjs), not a
  // styled-components global style, which the browser's hydration parsed, removed and inserted again,
  // restyling the whole document. A font face among them would also change the fonts of the whole
  // document (the faces are in the page's first style: siteFonts.cjs).
  it('declare no font face, and hold the rules of the whole document', () => {
    const css = globalCss();
    expect(css).toContain('box-sizing:border-box');
    expect(css).toContain(`font-family:${themes.dark.type.family}`);
    expect(css).toContain(`max-width:${themes.dark.type.measure}`);
    expect(css).not.toContain('@font-face');
    expect(css).not.toMatch(/undefined|\[object|NaN/);
  });

  it("take each theme's colours from the theme on <html>, the default's without one", () => {
    for (const [theme, expected] of [
      [null, themes.dark],
      ['dark', themes.dark],
      ['light', themes.light],
    ] as const) {
      const root = documentWith(theme);
      expect([theme, root.getPropertyValue('--site-link'), root.getPropertyValue('--site-focus'), root.colorScheme]).toEqual([
        theme,
        expected.color.link,
        expected.color.focus,
        expected.name,
      ]);
    }
  });
});
