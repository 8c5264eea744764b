import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import Cookies from 'js-cookie';
import { createUserServiceClient } from '../api/userService';
import { loadFirebaseAuth } from './firebase';
import { LOGIN_COOKIE } from './loginCookie';
import { confirmPassword, onSessionEnd, resetSessionForTests, startSession, signOut } from './session';
import * as session from './session';

jest.mock('./firebase', () => ({ loadFirebaseAuth: jest.fn() }));
jest.mock('../api/userService', () => ({ createUserServiceClient: jest.fn() }));

type Listener = (user: unknown) => void;
const calls: string[] = [];
let emit: Listener;
const auth = {
  currentUser: null as unknown,
  onIdTokenChanged: jest.fn((listener: Listener) => {
    emit = listener;
  }),
  signOut: jest.fn(async () => {
    calls.push('signOut');
    act(() => emit(null));
  }),
};
const registerUser = jest.fn(async () => {
  calls.push(`register while ${currentStatus()}`);
  return { ok: true, status: 200, json: async () => ({}) };
});

function user(token: string | Error, uid = 'uid-1', displayName: string | null = null) {
  return {
    uid,
    email: 'ana@exemplu.ro',
    displayName,
    getIdToken: jest.fn(async (force?: boolean) => {
      calls.push(`getIdToken(${Boolean(force)})`);
      if (token instanceof Error) throw token;
      return token;
    }),
  };
}

let latest: session.SessionState;
function currentStatus() {
  return latest?.status;
}
// Reads the store the way a component does, through the hook's subscription.
function track() {
  return renderHook(() => {
    latest = session.useSession();
    return latest;
  });
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  resetSessionForTests();
  calls.length = 0;
  Cookies.remove(LOGIN_COOKIE, { path: '/' });
  jest.mocked(loadFirebaseAuth).mockResolvedValue({ auth, firebase: {} } as never);
  jest.mocked(createUserServiceClient).mockReturnValue({ 'register-user': { $post: registerUser } } as never);
  registerUser.mockClear();
  auth.signOut.mockClear();
});

/** A page whose session has started, the SDK restoring `restored` (a signed-in user by default), with a listener for the session's end. */
async function startedWithEndListener(restored: ReturnType<typeof user> | null = user('token-1')) {
  track();
  const ended = jest.fn();
  onSessionEnd(ended);
  const started = startSession();
  await flush();
  act(() => emit(restored));
  await act(() => started);
  return ended;
}
const signedInWithEndListener = () => startedWithEndListener();

describe('the session', () => {
  it('is unknown to a part of the page hydrated after it is known (as the server drew it), then known, with no mismatch', async () => {
    function Status() {
      return <p>{session.useSession().status}</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Status />);
    expect(container.textContent).toBe('unknown');
    const started = startSession();
    await flush();
    act(() => emit(user('token-1')));
    await act(() => started);

    const mismatches = jest.fn();
    const root = await act(async () => hydrateRoot(container, <Status />, { onRecoverableError: mismatches }));
    expect(container.textContent).toBe('signedIn');
    expect(mismatches).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('while unknown, lets a hydrated page be: no part that reads it is drawn again once hydrated (React would, at once, in one task)', async () => {
    const renders = jest.fn();
    function Status() {
      renders();
      return <p>{session.useSession().status}</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Status />);
    renders.mockClear();
    const root = await act(async () => hydrateRoot(container, <Status />));
    expect(container.textContent).toBe('unknown');
    // StrictMode is off: one render, the hydrating one.
    expect(renders).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });

  it("draws the hint's readers (the header) again only when the hint changes, not when the session confirms it", async () => {
    Cookies.set(LOGIN_COOKIE, 'token-0', { path: '/' });
    const hints: boolean[] = [];
    renderHook(() => hints.push(session.useSignedInHint()));
    const started = startSession();
    await flush();
    act(() => emit(user('token-1')));
    await act(() => started);
    act(() => emit(user('token-2'))); // a refresh: the session changes, the hint does not
    await flush();
    expect(hints).toEqual([true]);
    act(() => emit(null)); // the session ends
    await flush();
    expect(hints).toEqual([true, false]);
  });

  it('restores a signed-in user: the token into the cookie, no new registration', async () => {
    track();
    const started = startSession();
    await flush();
    act(() => emit(user('token-1')));
    await act(() => started);
    expect(latest).toEqual({ status: 'signedIn', user: { uid: 'uid-1', email: 'ana@exemplu.ro', name: null } });
    expect(Cookies.get(LOGIN_COOKIE)).toBe('token-1');
    expect(calls).toEqual(['getIdToken(false)']);
  });

  it('knows the name the user gave at sign-up (blank is no name)', async () => {
    track();
    const started = startSession();
    await flush();
    act(() => emit(user('token-1', 'uid-1', '  Ana Pop ')));
    await act(() => started);
    expect(latest.user).toEqual({ uid: 'uid-1', email: 'ana@exemplu.ro', name: 'Ana Pop' });
    act(() => emit(user('token-2', 'uid-1', '   ')));
    await flush();
    expect(latest.user?.name).toBeNull();
  });

  it('knows a visitor who is signed out, and leaves no cookie', async () => {
    Cookies.set(LOGIN_COOKIE, 'stale');
    track();
    const started = startSession();
    await flush();
    act(() => emit(null));
    await act(() => started);
    expect(latest.status).toBe('signedOut');
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
  });

  it('after a sign-in: force-refreshes the token into the cookie and registers the user before saying "signed in"', async () => {
    track();
    const started = startSession();
    await flush();
    act(() => emit(null));
    await act(() => started);
    act(() => emit(user('fresh-token')));
    await flush();
    await flush();
    expect(calls).toEqual(['getIdToken(true)', 'register while signedOut']);
    expect(latest.status).toBe('signedIn');
    expect(Cookies.get(LOGIN_COOKIE)).toBe('fresh-token');
  });

  it('keeps the cookie current when the SDK refreshes the token', async () => {
    track();
    const started = startSession();
    await flush();
    act(() => emit(user('token-1')));
    await act(() => started);
    act(() => emit(user('token-2')));
    await flush();
    expect(Cookies.get(LOGIN_COOKIE)).toBe('token-2');
    expect(registerUser).not.toHaveBeenCalled();
  });

  it('when a signed-in session ends: cookie removed, "signed out", and the end announced', async () => {
    const ended = await signedInWithEndListener();
    await act(() => signOut());
    await flush();
    expect(latest.status).toBe('signedOut');
    expect(latest.endedBy).toBe('signedOut');
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('signedOut');
  });

  it('says why it ended: an account deleted, a sign-out elsewhere (then a new sign-out is plain again)', async () => {
    const ended = await signedInWithEndListener();
    await act(() => signOut('deleted'));
    await flush();
    expect(latest.endedBy).toBe('deleted');
    expect(ended).toHaveBeenLastCalledWith('deleted');

    act(() => emit(user('token-2')));
    await flush();
    expect(latest.status).toBe('signedIn');
    expect(latest.endedBy).toBeUndefined();
    act(() => emit(null)); // signed out in another tab
    await flush();
    expect(latest.endedBy).toBe('sessionEnded');
    expect(ended).toHaveBeenLastCalledWith('sessionEnded');
  });

  it('a sign-out that fails leaves no reason behind for a later end', async () => {
    const ended = await signedInWithEndListener();
    auth.signOut.mockImplementationOnce(async () => {
      throw new Error('auth/network-request-failed');
    });
    await expect(signOut('deleted')).rejects.toThrow('network');
    act(() => emit(null));
    await flush();
    expect(ended).toHaveBeenCalledWith('sessionEnded');
  });

  it('a restored session that cannot go on says so to the guard, and sends no one away from a public page', async () => {
    track();
    const ended = jest.fn();
    onSessionEnd(ended);
    const started = startSession();
    await flush();
    act(() => emit(user(new Error('auth/user-token-expired'))));
    await act(() => started);
    await flush();
    expect(latest.status).toBe('signedOut');
    expect(latest.endedBy).toBe('sessionEnded');
    expect(ended).not.toHaveBeenCalled();
  });

  it('a session the cookie promised that the SDK does not restore (the user deleted) ended, for the guard', async () => {
    Cookies.set(LOGIN_COOKIE, 'stale-token', { path: '/' });
    const ended = await startedWithEndListener(null);
    expect(latest.endedBy).toBe('sessionEnded');
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
    expect(ended).not.toHaveBeenCalled();
  });

  it('a visitor who never signed in has no end reason', async () => {
    track();
    const started = startSession();
    await flush();
    act(() => emit(null));
    await act(() => started);
    expect(latest).toEqual({ status: 'signedOut', user: null });
  });

  it('confirms the password with a fresh credential, then refreshes the token (its sign-in time)', async () => {
    const credential = { providerId: 'password' };
    const EmailAuthProvider = { credential: jest.fn(() => credential) };
    const current = { ...user('token-9'), reauthenticateWithCredential: jest.fn(async () => calls.push('reauthenticate')) };
    jest.mocked(loadFirebaseAuth).mockResolvedValue({ auth: { ...auth, currentUser: current }, firebase: { auth: { EmailAuthProvider } } } as never);
    await confirmPassword('parola-42');
    expect(EmailAuthProvider.credential).toHaveBeenCalledWith('ana@exemplu.ro', 'parola-42');
    expect(current.reauthenticateWithCredential).toHaveBeenCalledWith(credential);
    expect(calls).toEqual(['reauthenticate', 'getIdToken(true)']);

    const wrong = Object.assign(new Error('wrong'), { code: 'auth/wrong-password' });
    current.reauthenticateWithCredential.mockRejectedValueOnce(wrong);
    await expect(confirmPassword('nu')).rejects.toMatchObject({ code: 'auth/wrong-password' });
  });

  it('when the token cannot be refreshed: cookie removed and the user signed out', async () => {
    const ended = await signedInWithEndListener();
    act(() => emit(user(new Error('auth/network-request-failed'))));
    await flush();
    await flush();
    expect(auth.signOut).toHaveBeenCalled();
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
    expect(latest.status).toBe('signedOut');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('sessionEnded');
  });
});

describe('the session of a signed-in page the server drew whole (handed over with it)', () => {
  const ana = { uid: 'uid-1', email: 'ana@exemplu.ro', name: 'Ana' };
  function Greeting() {
    const { status, user: signedIn } = session.useSession();
    return <p>{`${status} ${signedIn?.name ?? ''} ${session.useSignedInHint()}`}</p>;
  }

  it('hydrates as the server drew it: signed in as that user, with no mismatch, before the auth SDK has started', async () => {
    jest.mocked(loadFirebaseAuth).mockClear();
    const container = document.createElement('div');
    document.body.append(container);
    // The server's render, with the session it adopted.
    session.adoptServerSession(ana);
    container.innerHTML = renderToString(<Greeting />);
    expect(container.textContent).toBe('signedIn Ana true');
    // A fresh page: the browser adopts the handed-over session before it hydrates.
    resetSessionForTests();
    session.adoptServerSession(ana);
    const mismatches = jest.fn();
    const root = await act(async () => hydrateRoot(container, <Greeting />, { onRecoverableError: mismatches }));
    expect(container.textContent).toBe('signedIn Ana true');
    expect(mismatches).not.toHaveBeenCalled();
    expect(loadFirebaseAuth).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('stays signed in when the auth SDK restores the same user: the cookie refreshed, nobody registered again, no end', async () => {
    session.adoptServerSession(ana);
    const ended = await startedWithEndListener(user('token-1', 'uid-1', 'Ana'));
    expect(latest).toEqual({ status: 'signedIn', user: ana });
    expect(Cookies.get(LOGIN_COOKIE)).toBe('token-1');
    expect(registerUser).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it('ends, saying why, when the auth SDK has no user (signed out elsewhere in this browser, the account deleted)', async () => {
    Cookies.set(LOGIN_COOKIE, 'token-0', { path: '/' });
    session.adoptServerSession(ana);
    const ended = await startedWithEndListener(null);
    expect(latest).toEqual({ status: 'signedOut', user: null, endedBy: 'sessionEnded' });
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
    expect(ended).toHaveBeenCalledWith('sessionEnded');
  });

  it("gives a call its token once the auth SDK has restored the user: it starts the SDK first, where the server's page has not yet", async () => {
    session.adoptServerSession(ana);
    const restored = user('token-7');
    auth.currentUser = null;
    const token = session.getIdToken();
    await flush();
    expect(loadFirebaseAuth).toHaveBeenCalled();
    auth.currentUser = restored;
    act(() => emit(restored));
    await expect(token).resolves.toBe('token-7');
    auth.currentUser = null;
  });
});
