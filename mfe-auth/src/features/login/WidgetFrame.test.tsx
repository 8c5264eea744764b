import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { render } from '@testing-library/react';
import { themes, type ThemeName } from '@site/shared-ui';
import { ThemeProvider } from 'styled-components';
import { FIELD_COLOURS, WidgetFrame } from './WidgetFrame';
import { contrast } from '@site/shared-ui/testing/contrast';

/** FirebaseUI's stylesheet, as the page links it (after the site's); beside its script (a stylesheet's own path is a stub in these tests). */
const firebaseUiCss = readFileSync(join(dirname(require.resolve('firebaseui/dist/esm.js')), 'firebaseui.css'), 'utf8');
const classesIn = (selector: string) => selector.match(/\.[\w-]+/g)?.length ?? 0;

/** The rules of the widget's frame drawn in `theme` (and any drawn before it): selector and declarations. */
function frameRules(theme: ThemeName): { selector: string; body: string }[] {
  render(
    <ThemeProvider theme={themes[theme]}>
      <WidgetFrame />
    </ThemeProvider>,
  );
  const css = [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selectors, body]) => selectors!.split(',').map((selector) => ({ selector: selector.trim(), body: body! })));
}

describe.each(['dark', 'light'] as const)("the widget's fields on the %s theme", (name) => {
  const { color } = themes[name];

  it('have borders of 3:1 or better against their fill and the card around them (non-text contrast)', () => {
    for (const edge of [FIELD_COLOURS.border, FIELD_COLOURS.invalid]) {
      expect(contrast(color[edge], color[FIELD_COLOURS.fill])).toBeGreaterThanOrEqual(3);
      expect(contrast(color[edge], color[FIELD_COLOURS.card])).toBeGreaterThanOrEqual(3);
    }
  });

  it("are drawn in those colours, above FirebaseUI's own border colour (rgba(0, 0, 0, 0.12))", () => {
    // FirebaseUI's rule colouring its fields' borders, and how specific it is.
    const theirs = [...firebaseUiCss.matchAll(/([^{}]+)\{[^{}]*border-color:rgba\(0,0,0,\.12\)[^{}]*\}/g)]
      .map(([, selector]) => selector!.trim())
      .filter((selector) => selector.endsWith('.firebaseui-input'));
    expect(theirs).not.toEqual([]);
    const rules = frameRules(name);
    for (const selector of theirs) {
      const ours = rules.filter((rule) => rule.selector.endsWith(selector) && rule.body.includes(`border-color:${color[FIELD_COLOURS.border]}`));
      expect(ours).not.toEqual([]);
      for (const rule of ours) expect(classesIn(rule.selector)).toBeGreaterThan(classesIn(selector));
    }
    expect(rules.some((rule) => rule.selector.endsWith('.mdl-textfield__input') && rule.body.includes(`background:${color[FIELD_COLOURS.fill]}`))).toBe(true);
  });
});
