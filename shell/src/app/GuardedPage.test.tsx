import { MemoryRouter, Route, Routes, type SessionState, setLocale, SiteProviders, userService } from '@site/shared-ui';
import { act, render, screen } from '@testing-library/react';
import '../i18n/register';
import { loadAhead, loadPage, readyPage } from '../remotes/federation';
import { RemotePage } from '../remotes/RemotePage';
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
jest.mock('../remotes/federation', () => ({ loadAhead: jest.fn(), loadPage: jest.fn(), readyPage: jest.fn(), prefetchPages: jest.fn() }));
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
function userInfoAnswer(answer: { trialActivated: boolean; subscriptionActive: boolean }) {
  let answered!: () => void;
  const arrived = new Promise<void>((resolve) => (answered = resolve));
  const $post = jest.fn(async () => {
    await arrived;
    return { ok: true, status: 200, json: async () => answer };
  });
  jest.mocked(userService).mockReturnValue({ 'get-user-info': { $post } } as never);
  return answered;
}

function renderAt(path: string) {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<h1>login page</h1>} />
          <Route path={path} element={<GuardedPage route={routeForPath(path)!} />} />
        </Routes>
      </MemoryRouter>
    </SiteProviders>,
  );
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
  it('is not rendered again when the session becomes known: its prerendered part hydrates undisturbed', () => {
    setSession({ status: 'unknown', user: null });
    renderAt('/contact');
    const renders = jest.mocked(RemotePage).mock.calls.length;
    act(() => setSession({ status: 'signedOut', user: null }));
    act(() => setSession(signedIn));
    expect(jest.mocked(RemotePage).mock.calls).toHaveLength(renders);
  });

  it('is loaded by its navigation alone', () => {
    setSession({ status: 'unknown', user: null });
    renderAt('/contact');
    expect(loadAhead).not.toHaveBeenCalled();
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(loadPage).toHaveBeenCalledWith(pages.contact, { atNavigation: true });
  });
});
