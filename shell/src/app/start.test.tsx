import { MARKERS } from '@site/rendering/contract';
import { act } from 'react';
import { ensureRemotesRegistered } from '../remotes/federation';
import { startShell } from './start';

let mockDrawn = <h1>Drawn by React</h1>;
jest.mock('./App', () => ({ App: () => mockDrawn }));
jest.mock('../remotes/federation', () => ({ ensureRemotesRegistered: jest.fn() }));

const html = document.documentElement;

afterEach(() => {
  document.body.innerHTML = '';
  html.removeAttribute(MARKERS.freshRenderAttribute);
  html.removeAttribute(MARKERS.signedInDocumentAttribute);
  window.history.replaceState({}, '', '/');
});

describe('a page drawn afresh (served empty, or one the pre-paint script hid)', () => {
  it('is rendered as a transition, not in the task that starts it (one long task on a slow phone), and revealed in the commit that draws it', async () => {
    // A prerendered page the pre-paint script hid (another theme or language, the login cookie where the HTML was drawn without it).
    document.body.innerHTML = `<div id="root" ${MARKERS.prerenderedAttribute}="/elsewhere" ${MARKERS.renderedManifestAttribute}="http://localhost:3001/mf-manifest.json"><p>the HTML's page</p></div>`;
    html.setAttribute(MARKERS.freshRenderAttribute, '');
    const container = document.getElementById('root')!;

    await startShell();
    // Nothing drawn yet, and what the HTML held is still hidden.
    expect(container.textContent).toBe("the HTML's page");
    expect(html.hasAttribute(MARKERS.freshRenderAttribute)).toBe(true);

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toBe('Drawn by React');
    expect(html.hasAttribute(MARKERS.freshRenderAttribute)).toBe(false);
    expect(container.hasAttribute(MARKERS.prerenderedAttribute)).toBe(false);
    expect(container.hasAttribute(MARKERS.renderedManifestAttribute)).toBe(false);
  });
});

describe("a signed-in page's HTML (the layout around its guard's loading status, drawn for a visitor who looks signed in)", () => {
  const loading = <p role="status">Se încarcă…</p>;
  const serve = (path: string) => {
    window.history.replaceState({}, '', path);
    document.body.innerHTML = `<div id="root" ${MARKERS.prerenderedAttribute}="${path}"><p role="status">Se încarcă…</p></div>`;
    html.setAttribute(MARKERS.signedInDocumentAttribute, '');
    mockDrawn = loading;
    return document.querySelector('#root p');
  };
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  afterEach(() => {
    mockDrawn = <h1>Drawn by React</h1>;
  });

  it("is hydrated for the visitor it was drawn for: what a screen reader is reading stays, and becomes React's, which the early-event script is told", async () => {
    const drawn = serve('/pricing');
    const told = jest.fn();
    document.addEventListener(MARKERS.hydratedEvent, told);
    await startShell();
    await settle();
    document.removeEventListener(MARKERS.hydratedEvent, told);
    expect(document.querySelector('#root p')).toBe(drawn);
    expect(drawn?.textContent).toBe('Se încarcă…');
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('is drawn afresh when the pre-paint script found it was not drawn for this visitor', async () => {
    const drawn = serve('/pricing');
    html.setAttribute(MARKERS.freshRenderAttribute, 'skip');
    await startShell();
    await settle();
    expect(document.querySelector('#root p')).not.toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(false);
  });

  it("is drawn afresh on a public route, whose HTML holds a remote's page", async () => {
    const drawn = serve('/contact');
    await startShell();
    await settle();
    expect(document.querySelector('#root p')).not.toBe(drawn);
  });
});

describe("a public page's HTML drawn for a visitor who looks signed in (the header offering the account)", () => {
  const MANIFEST = 'http://localhost:3001/mf-manifest.json';
  const serve = (rendered: string) => {
    window.history.replaceState({}, '', '/contact');
    document.body.innerHTML = `<div id="root" ${MARKERS.prerenderedAttribute}="/contact" ${MARKERS.renderedManifestAttribute}="${rendered}"><h1>Contact</h1></div>`;
    html.setAttribute(MARKERS.signedInDocumentAttribute, '');
    mockDrawn = <h1>Contact</h1>;
    jest.mocked(ensureRemotesRegistered).mockResolvedValue(new Map([['mfe_marketing', { manifest: MANIFEST }]]) as never);
    return document.querySelector('#root h1');
  };
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  afterEach(() => {
    mockDrawn = <h1>Drawn by React</h1>;
    jest.mocked(ensureRemotesRegistered).mockReset();
  });

  it('is hydrated when drawn from the build of its remote this browser loads: the heading a screen reader is on stays', async () => {
    const drawn = serve(MANIFEST);
    await startShell();
    await settle();
    expect(document.querySelector('#root h1')).toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(true);
  });

  it('is drawn afresh when drawn from another build of its remote', async () => {
    const drawn = serve('http://localhost:3001/canary/mf-manifest.json');
    await startShell();
    await settle();
    expect(document.querySelector('#root h1')).not.toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(false);
  });
});
