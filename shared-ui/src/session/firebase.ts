import type firebaseNamespace from 'firebase/compat/app';
import { runtimeConfig } from '../runtimeConfig';
import { nextTask } from '../scheduling/nextTask';

export type FirebaseUser = firebaseNamespace.User;
export type FirebaseAuth = firebaseNamespace.auth.Auth;
export type FirebaseApp = firebaseNamespace.app.App;
export interface LoadedFirebase {
  firebase: typeof firebaseNamespace;
  auth: FirebaseAuth;
  /**
   * The app of this name, made with these options if there is none yet, its auth started as the
   * page's is (see loadFirebaseAuth). Synchronous: a caller that configures the app's auth next
   * (the emulator) does so before the auth's start sends anything.
   */
  appWithoutRedirects(name: string, options: Record<string, unknown>): FirebaseApp;
}

/**
 * Where the page's one load is kept: on the page's global object, so that every copy of this
 * module shares it (the shell's entry starts it before shared-ui has loaded, from a copy of its
 * own: shell/src/signedIn/earlySession.ts).
 */
const LOADING = Symbol.for('@site/shared-ui firebase auth');
const holder = globalThis as { [LOADING]?: Promise<LoadedFirebase> };

/**
 * The settings a host may give Firebase's SDK (an app's config, emulators' hosts, the auth's
 * experiments: `__FIREBASE_DEFAULTS__`), which the SDK looks for in this global, else in a cookie
 * of that name. The site gives the SDK every setting itself (runtimeConfig), so the global is
 * there, empty, before the SDK loads: the SDK reads no cookie as the auth starts (its read of
 * document.cookie, a synchronous call to the browser, took 3.5-14 ms of the start of /login and
 * /pricing here: docs/benchmark.md), and no cookie of that name configures it.
 */
export const FIREBASE_DEFAULTS = '__FIREBASE_DEFAULTS__';

/**
 * The page's one Firebase app and its auth, loaded on first use (never on the landing page's
 * critical path). FirebaseUI 6 works on the compat API, so the session does too: both then
 * share this app (firebase/compat/* are federated singletons).
 *
 * The auth is started here through the modular API, without the popup and redirect handler that
 * the compat API gives it: on a phone (and in Safari) that handler loads Google's script loader
 * (apis.google.com/js/api.js) and then a frame of the auth domain before the SDK even reads the
 * stored user, and every call of the auth waits for them, on every page that needs the session.
 * The site signs in with email and password only, which needs neither (a redirect's result is
 * still read with the handler the compat API passes itself). The compat auth then wraps this
 * instance (the SDK reuses an auth already started for the app).
 */
export function loadFirebaseAuth(): Promise<LoadedFirebase> {
  const started = holder[LOADING];
  if (started) return started;
  const loading = (async () => {
    (globalThis as { [FIREBASE_DEFAULTS]?: object })[FIREBASE_DEFAULTS] ??= {};
    // The app, its auth and their start, each evaluated in a task of its own (no long task).
    const { default: firebase } = await import(/* webpackChunkName: "firebase-app" */ 'firebase/compat/app');
    await nextTask();
    await import(/* webpackChunkName: "firebase-auth" */ 'firebase/compat/auth');
    // The modules the compat API is built on, in the same files (so already loaded); each
    // destructured where it is imported, so that only what is named here is kept.
    const { getApp } = await import(/* webpackChunkName: "firebase-app" */ 'firebase/app');
    const { initializeAuth, indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, inMemoryPersistence, debugErrorMap } = await import(
      /* webpackChunkName: "firebase-auth" */ 'firebase/auth'
    );
    await nextTask();
    const appWithoutRedirects = (name: string, options: Record<string, unknown>): FirebaseApp => {
      const existing = firebase.apps.find((candidate) => candidate.name === name);
      if (existing) return existing;
      const app = firebase.initializeApp(options, name);
      // The compat API's storage order (IndexedDB, then local and session storage, then memory),
      // and its error messages; no popup and redirect handler.
      initializeAuth(getApp(name), {
        persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, inMemoryPersistence],
        errorMap: debugErrorMap,
      });
      return app;
    };
    const { firebase: options, authEmulatorUrl } = runtimeConfig();
    // The default app ("[DEFAULT]"; FirebaseUI's own is "[DEFAULT]-firebaseui-temp").
    const auth = appWithoutRedirects('[DEFAULT]', { ...options }).auth();
    if (authEmulatorUrl) {
      // The SDK takes { disableWarnings } (its compat typings omit it): no emulator banner over the page.
      const useEmulator = auth.useEmulator as unknown as (this: FirebaseAuth, url: string, options: { disableWarnings: boolean }) => void;
      useEmulator.call(auth, authEmulatorUrl, { disableWarnings: true });
    }
    return { firebase, auth, appWithoutRedirects };
  })();
  holder[LOADING] = loading;
  // A load that failed is tried again by the next caller.
  loading.catch(() => {
    if (holder[LOADING] === loading) delete holder[LOADING];
  });
  return loading;
}
