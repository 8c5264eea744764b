import { SIGNALS } from '@site/site-server/signals';
import { act } from 'react';
import { startShell } from './start';

jest.mock('./App', () => ({ App: () => <h1>Drawn by React</h1> }));
jest.mock('../remotes/federation', () => ({ ensureRemotesRegistered: jest.fn() }));

const html = document.documentElement;

afterEach(() => {
  document.body.innerHTML = '';
  html.removeAttribute(SIGNALS.freshRenderAttribute);
});

describe('a page drawn afresh (signed in, or one the pre-paint script hid)', () => {
  it('is rendered as a transition, not in the task that starts it (one long task on a slow phone), and revealed in the commit that draws it', async () => {
    // A prerendered page the pre-paint script hid (another theme, someone signed in).
    document.body.innerHTML = `<div id="root" ${SIGNALS.prerenderedAttribute}="/elsewhere" ${SIGNALS.renderedManifestAttribute}="http://localhost:3001/mf-manifest.json"><p>the HTML's page</p></div>`;
    html.setAttribute(SIGNALS.freshRenderAttribute, '');
    const container = document.getElementById('root')!;

    await startShell();
    // Nothing drawn yet, and what the HTML held is still hidden.
    expect(container.textContent).toBe("the HTML's page");
    expect(html.hasAttribute(SIGNALS.freshRenderAttribute)).toBe(true);

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toBe('Drawn by React');
    expect(html.hasAttribute(SIGNALS.freshRenderAttribute)).toBe(false);
    expect(container.hasAttribute(SIGNALS.prerenderedAttribute)).toBe(false);
    expect(container.hasAttribute(SIGNALS.renderedManifestAttribute)).toBe(false);
  });
});
