// The server's style element adopted by the browser's start: the page hydrates with no rule inserted
// again and no element added or removed, and a rule the browser needs later lands among the
// server's in styled-components' order. Each side runs its own copy of styled-components and
// React (jest.isolateModules), as the server's build and the browser's do: the components are
// made in the same order on both, so they have the same names.
import type * as ReactModule from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type * as ReactDomServer from 'react-dom/server';
import type * as StyledComponents from 'styled-components';
import type * as ServerStyles from './serverStyles';

interface Modules {
  React: typeof ReactModule;
  styled: typeof StyledComponents;
  serverStyles: typeof ServerStyles;
}

const modules = (): Modules => ({
  React: jest.requireActual<typeof ReactModule>('react'),
  styled: jest.requireActual<typeof StyledComponents>('styled-components'),
  serverStyles: jest.requireActual<typeof ServerStyles>('./serverStyles'),
});

/** A fresh copy of React, styled-components and this module, as one side of the page has them. */
function side<T>(use: (modules: Modules) => T): T {
  let result: T | undefined;
  jest.isolateModules(() => {
    result = use(modules());
  });
  return result as T;
}

/**
 * The page's components, made in the same order on either side: a base, a component made from
 * it (its rules must follow the base's), an animation, and a part drawn only in the browser.
 */
function makePage({ React, styled: { default: styled, keyframes } }: Modules) {
  const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
  const Base = styled.p<{ $tone: 'calm' | 'alert' }>`
    color: ${({ $tone }) => ($tone === 'alert' ? 'rgb(170, 0, 0)' : 'rgb(0, 0, 0)')};
    margin: 0;
  `;
  const Extended = styled(Base)`
    color: rgb(0, 0, 170);
    animation: ${fade} 1s;
  `;
  const Later = styled.span`
    font-weight: 700;
  `;
  function Page({ tone = 'calm', later = false }: { tone?: 'calm' | 'alert'; later?: boolean }) {
    return (
      <main>
        <Base $tone={tone}>base</Base>
        <Extended $tone="calm">extended</Extended>
        {later && <Later>later</Later>}
      </main>
    );
  }
  return { Page, ids: { base: Base.styledComponentId, extended: Extended.styledComponentId, later: Later.styledComponentId } };
}

/** The server's HTML of the page and its style element. */
function serverPage(): { html: string; style: string } {
  return side((modules) => {
    const { renderToString } = jest.requireActual<typeof ReactDomServer>('react-dom/server');
    const { Page } = makePage(modules);
    const sheet = new modules.styled.ServerStyleSheet();
    const html = renderToString(sheet.collectStyles(<Page />));
    return { html, style: modules.serverStyles.serverStyleElement(sheet) };
  });
}

/** The browser's side: the page made and hydrated over the server's HTML, with no recoverable error (no mismatch). */
async function hydrateAsDrawn(browser: Modules) {
  const { Page, ids } = makePage(browser);
  const { hydrateRoot } = jest.requireActual<typeof ReactDomClient>('react-dom/client');
  const recoverable = jest.fn();
  const { act } = browser.React;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const root = await act(async () => hydrateRoot(document.getElementById('root')!, <Page />, { onRecoverableError: recoverable }));
  expect(recoverable).not.toHaveBeenCalled();
  return { Page, ids, root, act };
}

const styleElements = () => Array.from(document.querySelectorAll('style'));
const selectors = (element: HTMLStyleElement) => Array.from(element.sheet?.cssRules ?? []).map((rule) => (rule as CSSStyleRule).selectorText ?? rule.cssText);

let insertRule: jest.SpyInstance;

beforeEach(() => {
  const { html, style } = serverPage();
  document.head.innerHTML = style;
  document.body.innerHTML = `<div id="root">${html}</div>`;
  insertRule = jest.spyOn(CSSStyleSheet.prototype, 'insertRule');
});

afterEach(() => {
  insertRule.mockRestore();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

it("marks the server's element as its own, with no version, so that styled-components' start passes it by", () => {
  const [element] = styleElements();
  expect(element?.getAttribute('data-styled')).toBe('server');
  expect(element?.hasAttribute('data-styled-version')).toBe(false);
  // Each component's rules, then its marker: what the browser's start reads.
  expect(selectors(element!).some((selector) => selector.startsWith('data-styled.g'))).toBe(true);
});

it("hydrates the page with no rule inserted again, no element added or removed, and inserts a later rule among the server's in their order", async () => {
  await jest.isolateModulesAsync(async () => {
    const browser = modules();
    const [element] = styleElements();
    expect(browser.serverStyles.adoptServerStyles(document)).toBe(true);
    const { Page, ids, root, act } = await hydrateAsDrawn(browser);
    expect(insertRule).not.toHaveBeenCalled();
    expect(styleElements()).toEqual([element]);
    const before = selectors(element!);

    // A state the server did not draw, and a part it did not draw: the base's new rule goes right
    // after the base's own rules (and its marker), before the rules of the component made from it,
    // which still wins where both apply; the new part's after every rule the server drew.
    await act(async () => root.render(<Page tone="alert" later />));
    expect(styleElements()).toEqual([element]);
    const after = selectors(element!);
    // The class of an element's rule the server did not have.
    const newName = (selector: string) => Array.from(document.querySelector(selector)!.classList).find((name) => after.includes(`.${name}`) && !before.includes(`.${name}`));
    const baseMarker = before.findIndex((rule) => rule.includes(`[id="${ids.base}"]`));
    expect(before.findIndex((rule) => rule.includes(`[id="${ids.extended}"]`))).toBeGreaterThan(baseMarker + 1);
    expect(after).toEqual([...before.slice(0, baseMarker + 1), `.${newName('p')}`, ...before.slice(baseMarker + 1), `.${newName('span')}`]);
    expect(getComputedStyle(document.querySelector('p')!).color).toBe('rgb(170, 0, 0)');
    expect(insertRule).toHaveBeenCalledTimes(2);
    await act(async () => root.unmount());
  });
});

it("leaves the element to styled-components' own rehydration when a component was made before it is adopted", () => {
  side((modules) => {
    const [element] = styleElements();
    const serverRules = selectors(element!).filter((selector) => !selector.startsWith('data-styled.g'));
    // The component made from the base is made first: its group comes before the base's, not as in the sheet.
    const extended = selectors(element!).find((selector) => selector.startsWith('data-styled.g2'))!;
    modules.styled.__PRIVATE__.StyleSheet.registerId(/id="([\w-]+)"/.exec(extended)![1]!);
    expect(modules.serverStyles.adoptServerStyles(document)).toBe(false);
    // styled-components' way: its own element holds the rules, the server's is gone.
    const [active] = styleElements();
    expect(styleElements()).toHaveLength(1);
    expect(active?.getAttribute('data-styled')).toBe('active');
    expect(selectors(active!)).toEqual(serverRules);
  });
});

it('does nothing on a page without a server style element (a page the browser draws afresh)', () => {
  document.head.innerHTML = '';
  side((modules) => {
    expect(modules.serverStyles.adoptServerStyles(document)).toBe(false);
    expect(styleElements()).toHaveLength(0);
    expect(modules.styled.__PRIVATE__.mainSheet.tag).toBeUndefined();
  });
});

describe("the server's groups read from the element's text", () => {
  /** Counts the reads of each rule's selector (what reading the groups from the CSS object model does). */
  function countSelectorReads(element: HTMLStyleElement): { reads: number } {
    const counter = { reads: 0 };
    for (const rule of Array.from(element.sheet!.cssRules)) {
      const selector = (rule as CSSStyleRule).selectorText;
      if (selector === undefined) continue;
      Object.defineProperty(rule, 'selectorText', {
        configurable: true,
        get: () => {
          counter.reads += 1;
          return selector;
        },
      });
    }
    return counter;
  }

  it('gives every component of the sheet in order, each with its class names and its rules, its marker included', () => {
    side(({ serverStyles }) => {
      const [element] = styleElements();
      const markers = selectors(element!).flatMap((selector, index) => (selector.startsWith('data-styled.g') ? [index] : []));
      const groups = serverStyles.textRuleGroups(element!.textContent!, element!.sheet!.cssRules.length);
      expect(groups?.map(({ id }) => id)).toEqual(markers.map((index) => /id="([\w-]+)"/.exec(selectors(element!)[index]!)![1]));
      // Each group's rules end at its marker.
      expect(groups?.map(({ size }) => size)).toEqual(markers.map((index, i) => index - (markers[i - 1] ?? -1)));
      // Its class names: the marker's content, as the rule itself gives it.
      const rules = Array.from(element!.sheet!.cssRules) as CSSStyleRule[];
      const content = (index: number) => rules[index]!.style.getPropertyValue('content').replace(/^"|"$/g, '').split(',').filter(Boolean);
      expect(groups?.map(({ names }) => names)).toEqual(markers.map(content));
      expect(groups?.every(({ names }) => names.length > 0)).toBe(true);
    });
  });

  it("is null where the text and the sheet's rules are not one for one, or rules follow the last marker", () => {
    side(({ serverStyles }) => {
      const [element] = styleElements();
      const text = element!.textContent!;
      const count = element!.sheet!.cssRules.length;
      expect(serverStyles.textRuleGroups(text, count)).not.toBeNull();
      // A rule the browser did not keep (another browser's prefix): one rule fewer in the sheet.
      expect(serverStyles.textRuleGroups(text, count - 1)).toBeNull();
      expect(serverStyles.textRuleGroups(`${text}.extra{color:red}/*!sc*/\n`, count + 1)).toBeNull();
      expect(serverStyles.textRuleGroups(text.trimEnd(), count)).toBeNull();
      expect(serverStyles.textRuleGroups('', 0)).toBeNull();
    });
  });

  it("adopts the element without reading any rule's selector when its text gives the sheet's rules", async () => {
    const [element] = styleElements();
    const counter = countSelectorReads(element!);
    await jest.isolateModulesAsync(async () => {
      const browser = modules();
      expect(browser.serverStyles.adoptServerStyles(document)).toBe(true);
    });
    expect(counter.reads).toBe(0);
  });

  it('reads the rules themselves where the sheet holds a rule its text does not, and hydrates as drawn, nothing inserted again', async () => {
    const [element] = styleElements();
    // A rule the text does not have, among the first component's: the sheet, not the text, is what the tag indexes.
    element!.sheet!.insertRule('.added { color: rgb(1, 2, 3); }', 0);
    insertRule.mockClear();
    const counter = countSelectorReads(element!);
    await jest.isolateModulesAsync(async () => {
      const browser = modules();
      expect(browser.serverStyles.adoptServerStyles(document)).toBe(true);
      expect(counter.reads).toBeGreaterThan(0);
      const { Page, root, act } = await hydrateAsDrawn(browser);
      expect(insertRule).not.toHaveBeenCalled();
      // The base's new rule goes after the base's rules, the added one counted among them.
      await act(async () => root.render(<Page tone="alert" />));
      expect(getComputedStyle(document.querySelector('p')!).color).toBe('rgb(170, 0, 0)');
      expect(insertRule).toHaveBeenCalledTimes(1);
      const after = selectors(element!);
      const baseMarker = after.findIndex((rule) => rule.startsWith('data-styled.g'));
      expect(after[0]).toBe('.added');
      expect(after[baseMarker + 1]).toMatch(/^\.\w+$/);
      await act(async () => root.unmount());
    });
  });
});
