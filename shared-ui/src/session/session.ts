import { createContext, useContext, useSyncExternalStore } from 'react';
import { runServiceCall } from '../api/callResult';
import { createUserServiceClient, type UserServiceClient } from '../api/userService';
import { notingChanges } from './answersChanged';
import { loadFirebaseAuth, type FirebaseUser } from './firebase';
import { hasLoginCookie, removeLoginCookie, setLoginCookie } from './loginCookie';
import type { SessionUser } from './sessionUser';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';
export type { SessionUser } from './sessionUser';
/**
 * Why a session ended, which /login says: the visitor signed out, deleted their account, or the
 * session could not go on (a token that could not be refreshed, a sign-out in another tab).
 */
export type SessionEndReason = 'signedOut' | 'deleted' | 'sessionEnded';
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed out because a session ended in this page (absent for a visitor who never signed in). */
  endedBy?: SessionEndReason;
}

/**
 * What a server render of a public page knows of the session: nothing (its HTML is drawn so). The
 * browser's state while unknown too, the same object: React compares the two snapshots once a page
 * has hydrated, and re-renders each part that reads the session, at once and in one task, when
 * they differ.
 */
const UNKNOWN: SessionState = { status: 'unknown', user: null };

let state: SessionState = UNKNOWN;
/**
 * The session as the server drew the page: unknown, or the user whose token the service verified
 * for a signed-in page drawn whole (adoptServerSession). What hydration reads (React's server
 * snapshot), so that the page hydrates as drawn whatever the session has become since.
 */
let drawnWith: SessionState = UNKNOWN;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();
/** Set by signOut (and a failed refresh) just before the SDK reports the user gone. */
let ending: SessionEndReason | null = null;

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The current user's ID token (the SDK refreshes it when it is about to expire), or null. On a page
 * the server drew for a signed-in user, the SDK may not have started yet: it is started, and its
 * restored user awaited, first.
 */
export async function getIdToken(): Promise<string | null> {
  await startSession();
  const { auth } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch {
    await endSession();
    return null;
  }
}

let client: UserServiceClient | null = null;
/** The user-service client of the signed-in user: every call carries the current token. */
export function userService(): UserServiceClient {
  // A call that may have changed what a signed-in page shows is noted for the site's server (answersChanged.ts).
  client ??= createUserServiceClient(getIdToken, { fetch: notingChanges() });
  return client;
}

/** A token that cannot be refreshed ends the session: cookie removed, user signed out. */
async function endSession() {
  ending = 'sessionEnded';
  removeLoginCookie();
  const { auth } = await loadFirebaseAuth();
  await auth.signOut().catch(() => undefined);
}

async function follow(user: FirebaseUser | null) {
  if (!user) {
    // A page that showed a signed-in user follows the end to /login; a restored session that
    // could not go on (the login cookie said there was one) only tells the guard why (a public
    // page stays where it is).
    const wasSignedIn = state.status === 'signedIn';
    const restoredInVain = state.status === 'unknown' && hasLoginCookie();
    removeLoginCookie();
    const reason = ending ?? (wasSignedIn || restoredInVain ? 'sessionEnded' : null);
    ending = null;
    publish(reason ? { status: 'signedOut', user: null, endedBy: reason } : { status: 'signedOut', user: null });
    if (wasSignedIn && reason) for (const listener of endListeners) listener(reason);
    return;
  }
  // A user appearing after "signed out" has just signed in (a restored session starts "unknown").
  const justSignedIn = state.status === 'signedOut';
  try {
    setLoginCookie(await user.getIdToken(justSignedIn));
  } catch {
    await endSession();
    return;
  }
  if (justSignedIn) {
    // Failure is not fatal here: the account pages report the service's state themselves.
    await runServiceCall(() => userService()['register-user'].$post());
  }
  publish({ status: 'signedIn', user: { uid: user.uid, email: user.email, name: user.displayName?.trim() || null } });
}

let started: Promise<void> | null = null;

/**
 * Follows the auth state from the SDK's token events (sign-in, sign-out, each refresh): no
 * polling. Resolves once the first state is known. After a sign-in: the token is force-refreshed
 * into the login cookie and the user registered before the session says "signed in".
 */
export function startSession(): Promise<void> {
  started ??= loadFirebaseAuth().then(
    ({ auth }) =>
      new Promise<void>((firstStateKnown) => {
        let queue = Promise.resolve();
        auth.onIdTokenChanged((user) => {
          queue = queue
            .then(() => follow(user))
            .catch(() => undefined)
            .finally(firstStateKnown);
        });
      }),
  );
  started.catch(() => {
    started = null;
  });
  return started;
}

/**
 * The session of a signed-in page the server drew whole: the user whose token the user service
 * verified for it (the render's, on the server; in the browser, from the state the page handed
 * over, before it hydrates). The auth SDK confirms or ends it once it starts (the token's changes:
 * the same user keeps the session, none ends it and the page goes to /login, saying why).
 */
export function adoptServerSession(user: SessionUser): void {
  state = { status: 'signedIn', user };
  drawnWith = state;
}

/**
 * Signs out; the caller shows a failure (it is thrown). The token events do the rest; `reason`
 * is what /login will say.
 */
export async function signOut(reason: Exclude<SessionEndReason, 'sessionEnded'> = 'signedOut'): Promise<void> {
  const { auth } = await loadFirebaseAuth();
  ending = reason;
  try {
    await auth.signOut();
  } catch (error) {
    ending = null;
    throw error;
  }
}

/**
 * Confirms the signed-in user's identity with their password (Firebase asks for a recent sign-in
 * before deleting an account), then refreshes the token so that it carries the new sign-in time.
 * Firebase's error (its `code`, e.g. auth/wrong-password) is thrown for the caller to explain.
 */
export async function confirmPassword(password: string): Promise<void> {
  const { firebase, auth } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user?.email) throw Object.assign(new Error('No signed-in user with an email address'), { code: 'auth/no-current-user' });
  await user.reauthenticateWithCredential(firebase.auth.EmailAuthProvider.credential(user.email, password));
  await user.getIdToken(true);
}

/** Called when a session ends in this page (sign-out, a refresh that failed, a deleted user). */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session as it changes. While hydrating, as the server drew it (unknown, or the user of a
 * signed-in page it drew whole), then as it is: a part of the page that hydrates after the session
 * is known (a remote's page arrives after the shell's layout, which starts the session) would
 * otherwise be drawn otherwise than its HTML.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => drawnWith,
  );
}

/**
 * What a server render knows of the login cookie (the request's), where the browser reads its own:
 * a signed-in visitor's page is drawn on the server as the browser's first render draws it.
 */
export const ServerSignedInHint = createContext<boolean | null>(null);

/**
 * One value of the session (a string, a boolean, null), as it changes: a component that reads it
 * is drawn again only when that value changes, not on every change of the session (React compares
 * the snapshots). The session starting is one task on a signed-in page's start: the header, whose
 * hint the session only confirms, is not drawn again in it. While hydrating, the value of an
 * session as the server drew it, worked out only then.
 */
function useSessionValue<T extends string | boolean | null>(of: (session: SessionState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => of(state),
    () => of(drawnWith),
  );
}

/** The signed-in user's uid, or null. */
export function useSessionUid(): string | null {
  return useSessionValue((session) => session.user?.uid ?? null);
}

/** "Probably signed in" before the SDK has loaded (the header's cheap hint). */
export function useSignedInHint(): boolean {
  const onServer = useContext(ServerSignedInHint);
  return useSessionValue((session) => (session.status === 'unknown' ? (onServer ?? hasLoginCookie()) : session.status === 'signedIn'));
}

/** For tests: back to the state of a fresh page. */
export function resetSessionForTests(): void {
  state = UNKNOWN;
  drawnWith = UNKNOWN;
  ending = null;
  started = null;
  client = null;
  listeners.clear();
  endListeners.clear();
}
