import { MARKERS, type HandedOverState } from './contract';
import { handedOverStateElement, jsonForScriptElement } from './handedOverState';
import { readHandedOverState } from './shell/readHandedOverState';

const state = (name: string): HandedOverState => ({
  session: { uid: 'u1', email: 'ana@exemplu.ro', name },
  queries: { mutations: [], queries: [{ queryHash: '["user-service","u1","get-device-info"]', state: { data: { deviceId: 'd1', deviceName: name } } }] },
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe("a signed-in page's handed-over state", () => {
  it.each([
    ['a closing script tag', '</script><script>alert(1)</script>'],
    ['an HTML comment opening', '<!--<script>'],
    ['the line and paragraph separators', 'Ana\u2028Maria\u2029'],
    ['ampersands and quotes', `Q&A "quoted" 'single'`],
  ])('keeps %s inside its element, and reads back unchanged', (_what, name) => {
    const html = handedOverStateElement(state(name));
    // The element ends where it was written to end: no value closes it early.
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length);
    expect(html).not.toMatch(/[\u2028\u2029]/);
    document.body.innerHTML = html;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readHandedOverState()).toEqual(state(name));
  });

  it('is JSON that parses to the same value', () => {
    const value = { a: '</script>', b: ['\u2028', '&', '>'], c: 1 };
    expect(JSON.parse(jsonForScriptElement(value))).toEqual(value);
  });

  it('is not there on a page without it, nor when the element holds something else', () => {
    expect(readHandedOverState()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${MARKERS.handedOverStateId}">not json</script>`;
    expect(readHandedOverState()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${MARKERS.handedOverStateId}">{"session":null}</script>`;
    expect(readHandedOverState()).toBeNull();
  });
});
