import {
  CALL_TIME_LIMIT_MS,
  MemoryRouter,
  SLOW_CALL_MS,
  Route,
  Routes,
  type SessionState,
  setLocale,
  SiteProviders,
  startSession,
  userService,
  useLocation,
  useSession,
} from '@site/shared-ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import userEvent from '@testing-library/user-event';
import '../i18n/register';
import { AccessGuard } from './AccessGuard';
import { isCrawler } from './isCrawler';
import { TrialGuard, type TrialMode } from './TrialGuard';

jest.mock('@site/shared-ui', () => ({
  ...jest.requireActual('@site/shared-ui'),
  useSession: jest.fn(),
  startSession: jest.fn(async () => undefined),
  userService: jest.fn(),
}));

const signedIn: SessionState = { status: 'signedIn', user: { uid: 'u1', email: 'ana@exemplu.ro', name: null } };
const setSession = (state: SessionState) => jest.mocked(useSession).mockReturnValue(state);
const answerUserInfo = (answer: { trialActivated: boolean; subscriptionActive: boolean } | 'failure' | 'never') => {
  const $post = jest.fn(async () =>
    answer === 'never'
      ? new Promise<never>(() => undefined)
      : answer === 'failure'
        ? { ok: false, status: 503, json: async () => ({ error: { code: 'unavailable', message: '' } }) }
        : { ok: true, status: 200, json: async () => answer },
  );
  jest.mocked(userService).mockReturnValue({ 'get-user-info': { $post } } as never);
  return $post;
};

/** /login, saying the reason it was given. */
function LoginStandIn() {
  const { state, search } = useLocation();
  return (
    <>
      <h1>login page</h1>
      <p>reason: {(state as { reason?: string } | null)?.reason ?? 'none'}</p>
      <p>from: {(state as { from?: string } | null)?.from ?? 'none'}</p>
      <p>query: {search || 'none'}</p>
    </>
  );
}

/** Where a redirect landed, with its query. */
function LandedAt({ name }: { name: string }) {
  const { search } = useLocation();
  return (
    <>
      <h1>{name}</h1>
      <p>query: {search || 'none'}</p>
    </>
  );
}

function renderAt(path: string, element: React.ReactNode) {
  return render(site(path, element));
}

function site(path: string, element: React.ReactNode) {
  return (
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginStandIn />} />
          <Route path="/account-pricing" element={<LandedAt name="pricing page" />} />
          <Route path="/my-account" element={<LandedAt name="account page" />} />
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </SiteProviders>
  );
}

/** A page whose code is not ready yet: it suspends (use) on a promise that never settles. */
const never = new Promise<never>(() => undefined);
function NotReady() {
  use(never);
  return null;
}

const userAgent = jest.spyOn(window.navigator, 'userAgent', 'get');
beforeEach(() => {
  act(() => setLocale('ro'));
  userAgent.mockReturnValue('Mozilla/5.0 Chrome/120');
});

describe('the access guard', () => {
  it('waits, announcing it, while the session is not yet known', () => {
    setSession({ status: 'unknown', user: null });
    renderAt(
      '/account',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
    expect(screen.queryByText('protected')).not.toBeInTheDocument();
  });

  it('starts the session in a task after the commit that drew it (not in a hydration, already a long task), once', async () => {
    setSession({ status: 'unknown', user: null });
    jest.mocked(startSession).mockClear();
    renderAt(
      '/account',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(startSession).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(startSession).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-out visitor from /pricing to /login', () => {
    setSession({ status: 'signedOut', user: null });
    renderAt(
      '/pricing',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(screen.getByRole('heading', { name: 'login page' })).toBeInTheDocument();
    expect(screen.getByText('reason: signInRequired')).toBeInTheDocument();
    // /login shows the plans to a visitor who asked for the prices.
    expect(screen.getByText('from: /pricing')).toBeInTheDocument();
  });

  it("keeps the address's language on the way to /login, and nothing else of its query", () => {
    setSession({ status: 'signedOut', user: null });
    renderAt(
      '/account?tab=device&lang=en',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(screen.getByText('query: ?lang=en')).toBeInTheDocument();
  });

  it('tells /login how the session ended when it did (signed out, deleted, could not go on)', () => {
    for (const endedBy of ['signedOut', 'deleted', 'sessionEnded'] as const) {
      setSession({ status: 'signedOut', user: null, endedBy });
      const { unmount } = renderAt(
        '/account',
        <AccessGuard>
          <h1>protected</h1>
        </AccessGuard>,
      );
      expect(screen.getByText(`reason: ${endedBy}`)).toBeInTheDocument();
      unmount();
    }
  });

  it('lets a search-engine crawler read the page without signing in', () => {
    userAgent.mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    setSession({ status: 'signedOut', user: null });
    renderAt(
      '/pricing',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(screen.getByRole('heading', { name: 'protected' })).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    setSession(signedIn);
    renderAt(
      '/account',
      <AccessGuard>
        <h1>protected</h1>
      </AccessGuard>,
    );
    expect(screen.getByRole('heading', { name: 'protected' })).toBeInTheDocument();
  });
});

describe('the trial guard', () => {
  const cases: [TrialMode, boolean, boolean, string][] = [
    ['default', false, false, 'pricing page'],
    ['default', true, true, 'guarded content'],
    ['default', true, false, 'guarded content'],
    ['opposite', true, true, 'account page'],
    ['opposite', false, false, 'guarded content'],
    // A user whose subscription lapsed reaches pricing to renew it.
    ['opposite', true, false, 'guarded content'],
  ];
  for (const [mode, trialActivated, subscriptionActive, lands] of cases) {
    it(`in ${mode} mode, with trialActivated ${trialActivated} and a subscription ${subscriptionActive ? 'live' : 'not live'}, shows the ${lands}`, async () => {
      setSession(signedIn);
      const call = answerUserInfo({ trialActivated, subscriptionActive });
      renderAt(
        '/somewhere',
        <TrialGuard mode={mode}>
          <h1>guarded content</h1>
        </TrialGuard>,
      );
      expect(await screen.findByRole('heading', { name: lands })).toBeInTheDocument();
      expect(call).toHaveBeenCalledTimes(1);
    });
  }

  it("keeps the address's language on its redirect (?lang=en stays English)", async () => {
    setSession(signedIn);
    answerUserInfo({ trialActivated: false, subscriptionActive: false });
    renderAt(
      '/account?lang=en&tab=device',
      <TrialGuard mode="default">
        <h1>guarded content</h1>
      </TrialGuard>,
    );
    expect(await screen.findByRole('heading', { name: 'pricing page' })).toBeInTheDocument();
    expect(screen.getByText('query: ?lang=en')).toBeInTheDocument();
  });

  it('says so when the user service cannot answer, and tries again on request', async () => {
    setSession(signedIn);
    answerUserInfo('failure');
    renderAt(
      '/account',
      <TrialGuard mode="default">
        <h1>guarded content</h1>
      </TrialGuard>,
    );
    expect(await screen.findByRole('heading', { name: 'Contul nu s-a putut încărca' })).toBeInTheDocument();
    answerUserInfo({ trialActivated: true, subscriptionActive: true });
    await userEvent.click(screen.getByRole('button', { name: 'Încercați din nou' }));
    expect(await screen.findByRole('heading', { name: 'guarded content' })).toBeInTheDocument();
  });
});

// What a guard lets through (the whole page) is drawn in a transition, not at once in the task
// where the session or the answer arrived (a store's change, which React renders at once): React
// yields to the browser between its components, and keeps the loading status on screen until the
// page can be drawn (a page that suspends is not replaced by a fallback further up).
describe('the page a guard lets through', () => {
  const fallbackAbove = (element: React.ReactNode) => <Suspense fallback={<p>fallback above the guard</p>}>{element}</Suspense>;

  it('once the session is known: the loading status stays until the page can be drawn', async () => {
    setSession({ status: 'unknown', user: null });
    const page = () =>
      fallbackAbove(
        <AccessGuard>
          <NotReady />
        </AccessGuard>,
      );
    const { rerender } = renderAt('/account', page());
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
    setSession(signedIn);
    await act(async () => rerender(site('/account', page())));
    expect(screen.queryByText('fallback above the guard')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
  });

  it("once the user service has answered: the guard's loading status stays until the page can be drawn", async () => {
    setSession(signedIn);
    const call = answerUserInfo({ trialActivated: true, subscriptionActive: false });
    renderAt(
      '/account',
      fallbackAbove(
        <TrialGuard mode="default">
          <NotReady />
        </TrialGuard>,
      ),
    );
    // Once the answer has arrived and React has done all it was given since (act waits for it all).
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    await act(async () => {
      await call.mock.results[0]!.value;
    });
    expect(screen.queryByText('fallback above the guard')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
  });
});

describe("the trial guard's time limit", () => {
  it('says when the user service is slow, gives up on one that does not answer, says so, and tries again on request keeping the focus', async () => {
    jest.useFakeTimers();
    try {
      setSession(signedIn);
      const call = answerUserInfo('never');
      renderAt(
        '/account',
        <TrialGuard mode="default">
          <h1>guarded content</h1>
        </TrialGuard>,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
      // The call starts a few ticks after the first render: each limit is checked a little either side.
      await act(() => jest.advanceTimersByTimeAsync(SLOW_CALL_MS - 100));
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă contul dumneavoastră. Durează mai mult decât de obicei; vă rugăm să așteptați.');
      await act(() => jest.advanceTimersByTimeAsync(CALL_TIME_LIMIT_MS - SLOW_CALL_MS - 200));
      expect(screen.getByRole('status')).toHaveTextContent('Durează mai mult decât de obicei');
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.getByRole('heading', { name: 'Contul nu s-a putut încărca' })).toBeInTheDocument();
      expect(call).toHaveBeenCalledTimes(1);

      const again = answerUserInfo('never');
      const retry = screen.getByRole('button', { name: 'Încercați din nou' });
      retry.focus();
      await act(async () => retry.click());
      await act(() => jest.advanceTimersByTimeAsync(0));
      // The button goes while the check runs again: the focus stays in the guard's box, not on the page's end.
      expect(again).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
      expect(document.activeElement).toBe(screen.getByRole('status').parentElement);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends no call when nobody is signed in (a crawler let through)', () => {
    setSession({ status: 'signedOut', user: null });
    const call = answerUserInfo({ trialActivated: false, subscriptionActive: false });
    renderAt(
      '/pricing',
      <TrialGuard mode="default">
        <h1>guarded content</h1>
      </TrialGuard>,
    );
    expect(screen.getByRole('heading', { name: 'guarded content' })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('crawler detection', () => {
  it('knows the main search engines and not a browser', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
    expect(isCrawler('DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
  });
});
