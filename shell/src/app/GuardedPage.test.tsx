import { MemoryRouter, Route, Routes, type SessionState, setLocale, SiteProviders, useLocation, useNavigate, type UserInfo, userService } from '@site/shared-ui';
import { createUserServiceClient } from '@site/shared-ui/user-service';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import '../i18n/register';
import { loadAhead, loadPage, readyPage } from '../remotes/federation';
import { RemotePage } from '../remotes/RemotePage';
import { readUserInfoAhead } from '../signedIn/userInfoAhead';
import { GuardedPage } from './GuardedPage';
import { pages, routeForPath } from './routes';

// The session as a store its readers follow (as shared-ui's own): a change re-renders each of them.
const mockSession = { state: { status: 'unknown', user: null } as SessionState, listeners: new Set<() => void>() };
jest.mock('@site/shared-ui', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  const subscribe = (listener: () => void) => {
    mockSession.listeners.add(listener);
    return () => mockSession.listeners.delete(listener);
  };
  return {
    ...jest.requireActual('@site/shared-ui'),
    useSession: () => useSyncExternalStore(subscribe, () => mockSession.state),
    // As shared-ui's: the login cookie until the session is known.
    useSignedInHint: () => {
      const { status } = useSyncExternalStore(subscribe, () => mockSession.state);
      return status === 'unknown' ? /(^|; )loginCookie=/.test(document.cookie) : status === 'signedIn';
    },
    startSession: jest.fn(async () => undefined),
    userService: jest.fn(),
  };
});
// The client of a read sent ahead with the login cookie's token (signedIn/readAhead.ts).
jest.mock('@site/shared-ui/user-service', () => ({ createUserServiceClient: jest.fn() }));
jest.mock('../remotes/federation', () => ({ loadAhead: jest.fn(), loadPage: jest.fn(), readyPage: jest.fn(), prefetchPage: jest.fn(async () => undefined) }));
// The real page, its renders counted.
jest.mock('../remotes/RemotePage', () => {
  const actual = jest.requireActual<typeof import('../remotes/RemotePage')>('../remotes/RemotePage');
  return { RemotePage: jest.fn((props: Parameters<typeof actual.RemotePage>[0]) => actual.RemotePage(props)) };
});

const signedIn: SessionState = { status: 'signedIn', user: { uid: 'u1', email: 'ana@exemplu.ro', name: null } };
function setSession(state: SessionState) {
  mockSession.state = state;
  for (const listener of mockSession.listeners) listener();
}
/** get-user-info: answered with `answer` once `answered` is called. */
function userInfoAnswer(answer: UserInfo) {
  let answered!: () => void;
  const arrived = new Promise<void>((resolve) => (answered = resolve));
  const $post = jest.fn(async () => {
    await arrived;
    return { ok: true, status: 200, json: async () => answer };
  });
  jest.mocked(userService).mockReturnValue({ 'get-user-info': { $post } } as never);
  return answered;
}

function siteAt(path: string) {
  return (
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<h1>login page</h1>} />
          <Route path={path} element={<GuardedPage route={routeForPath(path)!} />} />
        </Routes>
      </MemoryRouter>
    </SiteProviders>
  );
}

function renderAt(path: string) {
  return render(siteAt(path));
}

const setLoginCookie = (value: string | null) => {
  document.cookie = value === null ? 'loginCookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT' : `loginCookie=${value}`;
};

beforeEach(() => {
  jest.clearAllMocks();
  setLoginCookie('a-token');
  act(() => setLocale('ro'));
  jest.mocked(loadPage).mockReturnValue(new Promise(() => undefined));
  jest.mocked(readyPage).mockReturnValue(undefined);
});

describe("a guarded page's code", () => {
  it('starts loading ahead, for a visitor who looks signed in, while the guards wait for the session', () => {
    setSession({ status: 'unknown', user: null });
    renderAt('/pricing');
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
    expect(loadAhead).toHaveBeenCalledTimes(1);
    expect(loadAhead).toHaveBeenCalledWith(pages.pricing);
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('is not loaded for a visitor without the login cookie, until the session says signed in', () => {
    setLoginCookie(null);
    // The trial guard's read, once signed in: not answered while the test runs.
    userInfoAnswer({ trialActivated: true, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    renderAt('/account');
    expect(loadAhead).not.toHaveBeenCalled();
    act(() => setSession(signedIn));
    expect(loadAhead).toHaveBeenCalledWith(pages.account);
  });

  it('is not loaded for a visitor known to be signed out (sent to /login)', () => {
    setSession({ status: 'signedOut', user: null });
    renderAt('/account');
    expect(screen.getByRole('heading', { name: 'login page' })).toBeInTheDocument();
    expect(loadAhead).not.toHaveBeenCalled();
  });

  it('once loaded, is drawn in the commit where the guards let it through: one loading status throughout', async () => {
    setSession(signedIn);
    const answered = userInfoAnswer({ trialActivated: true, subscriptionActive: false });
    const statuses: Element[] = [];
    const observer = new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role=status]')) if (!statuses.includes(status)) statuses.push(status);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt('/account');
    expect(loadAhead).toHaveBeenCalledWith(pages.account);
    // The page's code arrives while get-user-info is on its way.
    jest.mocked(readyPage).mockReturnValue({ default: () => <h1>Contul meu</h1> });
    await act(async () => answered());
    expect(await screen.findByRole('heading', { name: 'Contul meu' })).toBeInTheDocument();
    observer.disconnect();
    expect(statuses).toHaveLength(1);
  });
});

describe('a public page', () => {
  it('is not rendered again when the session becomes known: its part drawn by the server hydrates undisturbed', async () => {
    setSession({ status: 'unknown', user: null });
    // The page's code has arrived (as a page the server drew has it before it hydrates).
    jest.mocked(readyPage).mockReturnValue({ default: () => <h1>Contact</h1> });
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(siteAt('/contact'));
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe('Contact');
    const mismatches = jest.fn();
    const root = await act(async () => hydrateRoot(container, siteAt('/contact'), { onRecoverableError: mismatches }));
    const renders = jest.mocked(RemotePage).mock.calls.length;
    act(() => setSession({ status: 'signedOut', user: null }));
    act(() => setSession(signedIn));
    expect(jest.mocked(RemotePage).mock.calls).toHaveLength(renders);
    expect(container.querySelector('h1')).toBe(heading);
    expect(mismatches).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('is loaded by its navigation alone', () => {
    setSession({ status: 'unknown', user: null });
    renderAt('/contact');
    expect(loadAhead).not.toHaveBeenCalled();
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(loadPage).toHaveBeenCalledWith(pages.contact, { atNavigation: true });
  });
});

describe("the trial guard's read, sent ahead while the session is unknown", () => {
  const PAGE = () => <h1>Prețuri</h1>;
  /** An ID token as the login cookie holds it (unsigned, as the emulator's): whose, and for how long still. */
  const idToken = (uid: string, validForS: number) => {
    const part = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, email: 'ana@exemplu.ro', iat: now, exp: now + validForS })}.`;
  };
  /** get-user-info through the client of a read sent ahead: the token it carried, and its answer once `answered` is called. */
  function aheadAnswer(answer: UserInfo | 'failure') {
    const tokens: (string | null)[] = [];
    let answered!: () => void;
    const arrived = new Promise<void>((resolve) => (answered = resolve));
    const $post = jest.fn(async () => {
      await arrived;
      return answer === 'failure'
        ? { ok: false, status: 503, json: async () => ({ error: { code: 'unavailable', message: '' } }) }
        : { ok: true, status: 200, json: async () => answer };
    });
    jest.mocked(createUserServiceClient).mockImplementation((getToken) => {
      void Promise.resolve(getToken()).then((token) => tokens.push(token));
      return { 'get-user-info': { $post } } as never;
    });
    return { $post, tokens, answered };
  }
  /** The guard's own get-user-info (the SDK's token), answered at once. */
  function ownAnswer(answer: UserInfo) {
    const $post = jest.fn(async () => ({ ok: true, status: 200, json: async () => answer }));
    jest.mocked(userService).mockReturnValue({ 'get-user-info': { $post } } as never);
    return $post;
  }
  function countStatuses() {
    const statuses: Element[] = [];
    const observer = new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role=status]')) if (!statuses.includes(status)) statuses.push(status);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return { statuses, stop: () => observer.disconnect() };
  }

  beforeEach(() => jest.mocked(readyPage).mockReturnValue({ default: PAGE }));

  /** The site's guarded pages as App.tsx routes them (one tree per path), at `path`: and how to navigate. */
  function renderSiteAt(path: string) {
    let go!: (to: string) => void;
    function Navigator() {
      go = useNavigate();
      return null;
    }
    function SiteRoutes() {
      const { pathname } = useLocation();
      return (
        <Routes key={pathname}>
          {['/pricing', '/account', '/account-pricing'].map((guarded) => (
            <Route key={guarded} path={guarded} element={<GuardedPage route={routeForPath(guarded)!} />} />
          ))}
        </Routes>
      );
    }
    const { unmount } = render(
      <SiteProviders>
        <MemoryRouter initialEntries={[path]}>
          <Navigator />
          <SiteRoutes />
        </MemoryRouter>
      </SiteProviders>,
    );
    return { go: (to: string) => go(to), unmount };
  }

  it("is sent at once with the login cookie's token, and its answer lets the page through once the session says that user is signed in: one call, one loading status", async () => {
    const token = idToken('u1', 3600);
    setLoginCookie(token);
    const ahead = aheadAnswer({ trialActivated: false, subscriptionActive: false });
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    const { statuses, stop } = countStatuses();
    const { unmount } = renderAt('/pricing');
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    await act(async () => ahead.answered());
    expect(ahead.tokens).toEqual([token]);
    expect(screen.queryByRole('heading', { name: 'Prețuri' })).not.toBeInTheDocument();
    act(() => setSession(signedIn));
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    stop();
    expect(own).not.toHaveBeenCalled();
    expect(statuses).toHaveLength(1);
    unmount();
  });

  it("is the document's first page's when the shell's entry sent it, before the router existed", async () => {
    setLoginCookie(idToken('u1', 3600));
    const ahead = aheadAnswer({ trialActivated: false, subscriptionActive: false });
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    readUserInfoAhead(null);
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    setSession({ status: 'unknown', user: null });
    const { unmount } = renderAt('/pricing');
    await act(async () => ahead.answered());
    act(() => setSession(signedIn));
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    expect(own).not.toHaveBeenCalled();
    unmount();
  });

  it('is waited for when it has not answered yet as the session becomes known (no second call)', async () => {
    setLoginCookie(idToken('u1', 3600));
    const ahead = aheadAnswer({ trialActivated: false, subscriptionActive: false });
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    const { unmount } = renderAt('/pricing');
    act(() => setSession(signedIn));
    await act(async () => ahead.answered());
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    expect(own).not.toHaveBeenCalled();
    unmount();
  });

  it.each([
    // Its answer would have let the page through as well: the guard asks again all the same.
    ['when it failed', 'u1', 'failure' as const],
    // Its answer (trial and subscription on) would have sent the visitor away from pricing.
    ['for another user than the one the SDK says is signed in', 'someone-else', { trialActivated: true, subscriptionActive: true }],
  ])('is not taken %s: the guard asks itself', async (_, tokenOwner, answer) => {
    setLoginCookie(idToken(tokenOwner, 3600));
    const ahead = aheadAnswer(answer);
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    const { unmount } = renderAt('/pricing');
    await act(async () => ahead.answered());
    act(() => setSession(signedIn));
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(own).toHaveBeenCalledTimes(1);
    unmount();
  });

  /**
   * The site at `path`, each page drawn as its module's name, for u1 (the login cookie's token): its
   * read ahead answered `aheadSays`, then the session says u1 is signed in; the guard's own read
   * would answer `ownSays`.
   */
  async function siteSignedInAt(path: string, aheadSays: UserInfo, ownSays: UserInfo) {
    setLoginCookie(idToken('u1', 3600));
    const ahead = aheadAnswer(aheadSays);
    const own = ownAnswer(ownSays);
    jest.mocked(readyPage).mockImplementation((page) => ({ default: () => <h1>{page.module}</h1> }));
    setSession({ status: 'unknown', user: null });
    const site = renderSiteAt(path);
    await act(async () => ahead.answered());
    act(() => setSession(signedIn));
    return { ahead, own, ...site };
  }

  it("is not taken by the next page's guard: a navigation reads afresh", async () => {
    // Pricing's read said: no trial yet. The account's own: trial and subscription on.
    const { ahead, own, go, unmount } = await siteSignedInAt('/pricing', { trialActivated: false, subscriptionActive: false }, { trialActivated: true, subscriptionActive: true });
    expect(await screen.findByRole('heading', { name: './PricingPage' })).toBeInTheDocument();
    act(() => go('/account'));
    expect(await screen.findByRole('heading', { name: './AccountPage' })).toBeInTheDocument();
    expect(own).toHaveBeenCalledTimes(1);
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    unmount();
  });

  it("keeps its answer while only the page's query changes (the account's tabs): the page stays", async () => {
    const { own, go, unmount } = await siteSignedInAt('/account', { trialActivated: true, subscriptionActive: true }, { trialActivated: true, subscriptionActive: true });
    const page = await screen.findByRole('heading', { name: './AccountPage' });
    act(() => go('/account?tab=subscription'));
    expect(screen.getByRole('heading', { name: './AccountPage' })).toBe(page);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(own).not.toHaveBeenCalled();
    unmount();
  });

  it.each([
    ['a value that is no ID token', () => 'a-token'],
    ['a token with less than a minute left', () => idToken('u1', 30)],
    ['an expired token', () => idToken('u1', -10)],
  ])('is not sent with %s in the cookie: the guard asks once the session is known', async (_, cookie) => {
    setLoginCookie(cookie());
    const ahead = aheadAnswer({ trialActivated: false, subscriptionActive: false });
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    const { unmount } = renderAt('/pricing');
    act(() => setSession(signedIn));
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(ahead.$post).not.toHaveBeenCalled();
    expect(own).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('is not sent on a navigation once the session is known (the guard asks at once), nor kept past the page it was sent for', async () => {
    setLoginCookie(idToken('u1', 3600));
    const ahead = aheadAnswer({ trialActivated: false, subscriptionActive: false });
    setSession({ status: 'unknown', user: null });
    // Sent for a first page, left before the session was known.
    renderAt('/pricing').unmount();
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    await act(async () => ahead.answered());
    const own = ownAnswer({ trialActivated: false, subscriptionActive: false });
    act(() => setSession(signedIn));
    const { unmount } = renderAt('/pricing');
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(ahead.$post).toHaveBeenCalledTimes(1);
    expect(own).toHaveBeenCalledTimes(1);
    unmount();
  });
});
