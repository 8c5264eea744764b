// The shell mounted in the browser, on the HTML the shell's own server build draws (its renderer,
// shell/src/server/render.tsx): what the server sends for a route is hydrated, or drawn afresh, by
// mountShell as the site's code runs it. Only the remotes' loading is stood in for (their pages are
// modules here) and the auth SDK's start (the session stays as the page adopted it).
import { MARKERS } from '@site/rendering/contract';
import { handedOverStateElement } from '@site/rendering/handed-over-state/element';
import { forgetHandedOverAnswers, forgetLaterParts, PageHeading, serviceRead, startSession, useServiceRead, useSession, userService } from '@site/shared-ui';
import { resetSessionForTests } from '@site/shared-ui/testing';
import { act, waitFor } from '@testing-library/react';
import { ensureRemotesRegistered, loadPage, readyPage } from '../remotes/federation';
import { guardReads, guardRedirect, renderPage } from '../server/render';
import { mountShell } from './mountShell';

const ACCOUNT = 'http://localhost:3003/mf-manifest.json';
const MARKETING = 'http://localhost:3001/mf-manifest.json';
jest.mock('../remotes/federation', () => ({
  ensureRemotesRegistered: jest.fn(),
  loadPage: jest.fn(),
  readyPage: jest.fn(),
  loadAhead: jest.fn(),
  prefetchPage: jest.fn(async () => undefined),
}));
jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), startSession: jest.fn(async () => undefined) }));
// Every root the shell makes, unmounted after each test: nothing of one test's page runs in the next.
const mockRoots: { unmount: () => void }[] = [];
jest.mock('react-dom/client', () => {
  const actual = jest.requireActual<typeof import('react-dom/client')>('react-dom/client');
  const kept = <R extends { unmount: () => void }>(root: R) => (mockRoots.push(root), root);
  return {
    ...actual,
    createRoot: (...args: Parameters<typeof actual.createRoot>) => kept(actual.createRoot(...args)),
    hydrateRoot: (...args: Parameters<typeof actual.hydrateRoot>) => kept(actual.hydrateRoot(...args)),
  };
});
// A remote's hydration error, as the shell reports it (its health counts one).
const mockHydrationErrors = jest.fn();
jest.mock('../remotes/health', () => ({ ...jest.requireActual('../remotes/health'), hydrationErrorHandler: () => mockHydrationErrors }));

/** An ID token as the login cookie holds it (unsigned, as the emulator's): whose. */
const idTokenOf = (uid: string) => {
  const part = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
};

/** A page of the account remote, as its module: it greets the session's user and shows the device read. */
const devicePage = {
  default: function DevicePage() {
    const { user } = useSession();
    const { state } = useServiceRead('get-device-info', serviceRead('get-device-info', userService));
    return (
      <>
        <PageHeading>{`Bine ați venit, ${user?.name ?? 'utilizatorule'}!`}</PageHeading>
        {state.status === 'done' ? <p>{(state.data as { deviceName: string }).deviceName}</p> : <p role="status">Se încarcă dispozitivul…</p>}
      </>
    );
  },
  serverReads: () => ['get-device-info' as const],
};
/** A public page of the marketing remote. */
const contactPage = { default: () => <PageHeading>Contact</PageHeading> };

const ana = { uid: 'uid-ana', email: 'ana@exemplu.ro', name: 'Ana' };
const ANSWERS = { 'get-user-info': { trialActivated: true, subscriptionActive: true }, 'get-device-info': { deviceId: 'd1', deviceName: 'Pixel 8' } };

const html = document.documentElement;
const calls: string[] = [];

beforeEach(() => {
  jest.mocked(ensureRemotesRegistered).mockResolvedValue(
    new Map([
      ['mfe_account', { manifest: ACCOUNT, cohort: 'stable' }],
      ['mfe_marketing', { manifest: MARKETING, cohort: 'stable' }],
    ]) as never,
  );
  // Every call the page or its guards would make through the session's client.
  calls.length = 0;
  const client = new Proxy({}, { get: (_target, name) => ({ $post: jest.fn(async () => (calls.push(String(name)), { ok: true, status: 200, json: async () => ({}) })) }) });
  jest.mocked(userService).mockReturnValue(client as never);
});

// The browser's idle periods, held for each test: work waiting for one runs only when a test lets it
// (none is left over from one test to the next: the shell's roots of earlier tests stay mounted).
let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof window.requestIdleCallback;
  window.cancelIdleCallback = () => {};
});

afterEach(() => {
  act(() => mockRoots.splice(0).forEach((root) => root.unmount()));
  // The later parts a hydration held (the header's, on every page): the next test's server render
  // runs in this same window, where a server never holds any.
  forgetLaterParts();
  delete (window as Partial<Window>).requestIdleCallback;
  delete (window as Partial<Window>).cancelIdleCallback;
  mockHydrationErrors.mockClear();
  document.body.innerHTML = '';
  for (const name of [MARKERS.signedInDocumentAttribute, MARKERS.freshRenderAttribute]) html.removeAttribute(name);
  window.history.replaceState({}, '', '/');
  document.cookie = 'loginCookie=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  resetSessionForTests();
  forgetHandedOverAnswers();
});

/** Serves `location` as the site's server does: the shell's render of it (with `page`, its remote's module), in #root. */
async function served(location: string, page: typeof devicePage | typeof contactPage | null, options: Parameters<typeof renderPage>[2], manifest?: string, cookieUid = ana.uid) {
  // What loads the page in the browser: its module, at once (a page whose code has arrived).
  jest.mocked(loadPage).mockResolvedValue(page as never);
  jest.mocked(readyPage).mockReturnValue((page ?? undefined) as never);
  const drawn = await renderPage(location, page, options);
  const path = location.replace(/\?.*$/, '');
  window.history.replaceState({}, '', location);
  if (options?.signedIn || options?.session) {
    // Drawn for the login cookie this browser holds.
    html.setAttribute(MARKERS.signedInDocumentAttribute, '');
    document.cookie = `loginCookie=${idTokenOf(cookieUid)}; path=/`;
  }
  const rendered = manifest ? ` ${MARKERS.renderedManifestAttribute}="${manifest}"` : '';
  document.body.innerHTML = `<div id="root" ${MARKERS.prerenderedAttribute}="${path}"${rendered}>${drawn.html}</div>${drawn.handedOver ? handedOverStateElement(drawn.handedOver) : ''}`;
  document.head.insertAdjacentHTML('beforeend', drawn.styles);
  // A fresh page: nothing of the server's render is left in this document's modules.
  resetSessionForTests();
  forgetHandedOverAnswers();
  return drawn;
}

/**
 * Resolves once the shell has done with the server's HTML (a positive signal, not a time): hydrated
 * (the early-event script is told), or replaced by a fresh render (#root loses its marker in the
 * commit that draws it).
 */
function doneWithTheHtml(): Promise<void> {
  const container = document.getElementById('root')!;
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (container.hasAttribute(MARKERS.prerenderedAttribute)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { attributes: true });
    document.addEventListener(
      MARKERS.hydratedEvent,
      () => {
        observer.disconnect();
        resolve();
      },
      { once: true },
    );
  });
}

/** Lets React work (each step in act) until the signal has come. */
async function settle(done: Promise<void>) {
  let finished = false;
  void done.then(() => (finished = true));
  await waitFor(() => expect(finished).toBe(true), { timeout: 15_000 });
}

/** Starts the shell, and answers the console's errors that say a hydration went wrong. */
async function start() {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const done = doneWithTheHtml();
    await mountShell();
    await settle(done);
    // A remote's page reports its own (mockHydrationErrors); the shell's part says it in the console.
    // React's act() warnings about work after the test are not a hydration's errors.
    return [
      ...mockHydrationErrors.mock.calls.map((call) => String(call[0])),
      ...errors.mock.calls.map((call) => String(call[0])).filter((message) => /hydrat|did not match|mismatch/i.test(message)),
    ];
  } finally {
    errors.mockRestore();
  }
}

describe('a page drawn afresh (served empty, or one the pre-paint script hid)', () => {
  it('is rendered as a transition, not in the task that starts it (one long task on a slow phone), and revealed in the commit that draws it', async () => {
    // A public page the pre-paint script hid (another theme or language).
    await served('/contact', contactPage, {}, MARKETING);
    html.setAttribute(MARKERS.freshRenderAttribute, 'skip');
    const drawn = document.querySelector('h1');
    const container = document.getElementById('root')!;

    const done = doneWithTheHtml();
    await mountShell();
    // Nothing drawn yet, and what the HTML held is still hidden.
    expect(document.querySelector('h1')).toBe(drawn);
    expect(html.hasAttribute(MARKERS.freshRenderAttribute)).toBe(true);

    await settle(done);
    expect(document.querySelector('h1')).not.toBe(drawn);
    expect(document.querySelector('h1')?.textContent).toBe('Contact');
    expect(html.hasAttribute(MARKERS.freshRenderAttribute)).toBe(false);
    expect(container.hasAttribute(MARKERS.prerenderedAttribute)).toBe(false);
    expect(container.hasAttribute(MARKERS.renderedManifestAttribute)).toBe(false);
  });
});

describe("a public page's HTML (drawn for a visitor who looks signed in: the header offering the account)", () => {
  it('is hydrated when drawn from the build of its remote this browser loads: the heading a screen reader is on stays', async () => {
    await served('/contact', contactPage, { signedIn: true }, MARKETING);
    const drawn = document.querySelector('h1');
    expect(await start()).toEqual([]);
    expect(document.querySelector('h1')).toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(true);
  });

  it('is drawn afresh when drawn from another build of its remote', async () => {
    await served('/contact', contactPage, { signedIn: true }, 'http://localhost:3001/canary/mf-manifest.json');
    const drawn = document.querySelector('h1');
    expect(await start()).toEqual([]);
    expect(document.querySelector('h1')).not.toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(false);
  });
});

describe("a signed-in page's loading status (the server could not draw it whole)", () => {
  it("is hydrated for the visitor it was drawn for: what a screen reader is reading stays, and becomes React's, which the early-event script is told", async () => {
    await served('/pricing', null, { signedIn: true });
    const drawn = document.querySelector('#root [role=status]');
    expect(drawn?.textContent).toBe('Se încarcă…');
    const told = jest.fn();
    document.addEventListener(MARKERS.hydratedEvent, told);
    expect(await start()).toEqual([]);
    document.removeEventListener(MARKERS.hydratedEvent, told);
    expect(document.querySelector('#root [role=status]')).toBe(drawn);
    expect(told).toHaveBeenCalledTimes(1);
    // The session is the browser's to find: the guard started it.
    expect(startSession).toHaveBeenCalled();
  });

  it('is drawn afresh when the pre-paint script found it was not drawn for this visitor', async () => {
    await served('/pricing', null, { signedIn: true });
    const drawn = document.querySelector('#root [role=status]');
    html.setAttribute(MARKERS.freshRenderAttribute, 'skip');
    expect(await start()).toEqual([]);
    expect(document.querySelector('#root [role=status]')).not.toBe(drawn);
    expect(html.hasAttribute(MARKERS.signedInDocumentAttribute)).toBe(false);
  });
});

describe('a signed-in page the server drew whole', () => {
  it('is drawn with the page, the user and what the service answered: no loading status', async () => {
    const drawn = await served('/account?tab=device', devicePage, { session: { user: ana, answers: ANSWERS } }, ACCOUNT);
    expect(drawn.html).toContain('Bine ați venit, Ana!');
    expect(drawn.html).toContain('Pixel 8');
    expect(drawn.html).not.toContain('role="status"');
    expect(drawn.handedOver?.session).toEqual(ana);
  });

  it('hydrates as drawn: the heading a screen reader is on stays, nothing mismatches, and neither the guards nor the page ask the service again', async () => {
    await served('/account?tab=device', devicePage, { session: { user: ana, answers: ANSWERS } }, ACCOUNT);
    const heading = document.querySelector('h1');
    jest.mocked(startSession).mockClear();
    {
      expect(await start()).toEqual([]);
      expect(document.querySelector('h1')).toBe(heading);
      expect(heading?.textContent).toBe('Bine ați venit, Ana!');
      expect(document.body.textContent).toContain('Pixel 8');
      expect(document.querySelector('[role=status]')).toBeNull();
      expect(calls).toEqual([]);
      // The auth SDK is not started on the page's way to being interactive: once the page is idle.
      expect(startSession).not.toHaveBeenCalled();
      act(() => idle.splice(0).forEach((callback) => callback()));
      expect(startSession).toHaveBeenCalled();
    }
  });

  it("takes the state out of the page once read: the user's data does not stay in it", async () => {
    await served('/account?tab=device', devicePage, { session: { user: ana, answers: ANSWERS } }, ACCOUNT);
    expect(document.getElementById(MARKERS.handedOverStateId)).not.toBeNull();
    expect(await start()).toEqual([]);
    expect(document.getElementById(MARKERS.handedOverStateId)).toBeNull();
  });

  it("is not taken for the user's when the login cookie names another now (signed in meanwhile): drawn afresh, the guard waiting for the session", async () => {
    await served('/account?tab=device', devicePage, { session: { user: ana, answers: ANSWERS } }, ACCOUNT, 'uid-ion');
    const heading = document.querySelector('h1');
    expect(await start()).toEqual([]);
    expect(document.querySelector('h1')).not.toBe(heading);
    expect(document.body.textContent).not.toContain('Pixel 8');
    expect(document.body.textContent).not.toContain('Ana');
    expect(document.querySelector('#root main [role=status]')?.textContent).toBe('Se încarcă…');
  });

  it('without the state it handed over (its element missing), is drawn afresh, not hydrated into a mismatch: the guard waits for the session', async () => {
    await served('/account?tab=device', devicePage, { session: { user: ana, answers: ANSWERS } }, ACCOUNT);
    document.getElementById(MARKERS.handedOverStateId)?.remove();
    const heading = document.querySelector('h1');
    expect(await start()).toEqual([]);
    expect(document.querySelector('h1')).not.toBe(heading);
    expect(document.body.textContent).not.toContain('Pixel 8');
    expect(document.querySelector('#root main [role=status]')?.textContent).toBe('Se încarcă…');
  });
});

describe("the guards' decision on the server", () => {
  it.each([
    ['/account', { trialActivated: false, subscriptionActive: false }, '/account-pricing'],
    ['/account', { trialActivated: true, subscriptionActive: false }, null],
    ['/pricing', { trialActivated: true, subscriptionActive: true }, '/my-account'],
    ['/pricing', { trialActivated: true, subscriptionActive: false }, null],
    ['/reset-linked-device', { trialActivated: false, subscriptionActive: false }, null],
  ])('sends a user on %s with %j to %s', (path, info, to) => {
    expect(guardRedirect(path, { 'get-user-info': info })).toBe(to);
  });

  it("reads, on every guarded route, the guards' answer (and checks the token with it), and refuses to decide without it", () => {
    expect(guardReads('/account')).toEqual(['get-user-info']);
    expect(guardReads('/reset-linked-device')).toEqual(['get-user-info']);
    expect(guardReads('/contact')).toEqual([]);
    expect(() => guardRedirect('/account', {})).toThrow(/no answer of get-user-info/);
  });
});
