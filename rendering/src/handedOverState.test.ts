import { dehydrate, QueryClient } from '@tanstack/react-query';
import { MARKERS, type HandedOverState } from './contract';
import { handedOverStateElement, jsonForScriptElement } from './server/handedOverStateElement';
import { takeHandedOverState } from './shell/takeHandedOverState';

/** A handed-over state as the server makes it: the session, and a device read's answer holding `name`. */
const state = (name: string): HandedOverState => {
  const client = new QueryClient();
  client.setQueryData(['user-service', 'u1', 'get-device-info'], { deviceId: 'd1', deviceName: name }, { updatedAt: 1_800_000_000_000 });
  return { session: { uid: 'u1', email: 'ana@exemplu.ro', name }, queries: JSON.parse(JSON.stringify(dehydrate(client))) };
};

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
    const written = state(name);
    const html = handedOverStateElement(written);
    // The element ends where it was written to end: no value closes it early.
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length);
    expect(html).not.toMatch(/[\u2028\u2029]/);
    document.body.innerHTML = html;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(takeHandedOverState()).toEqual(written);
    // Taken out of the page once read: the user's data does not stay in it.
    expect(document.getElementById(MARKERS.handedOverStateId)).toBeNull();
  });

  it('is JSON that parses to the same value', () => {
    const value = { a: '</script>', b: ['\u2028', '&', '>'], c: 1 };
    expect(JSON.parse(jsonForScriptElement(value))).toEqual(value);
  });

  it('is not there on a page without it, nor when the element holds something else', () => {
    expect(takeHandedOverState()).toBeNull();
    for (const text of ['not json', '{"session":null}', '{"session":{"uid":"u1"},"queries":{"queries":"none"}}']) {
      document.body.innerHTML = `<script type="application/json" id="${MARKERS.handedOverStateId}">${text}</script>`;
      expect([text, takeHandedOverState()]).toEqual([text, null]);
    }
  });
});
