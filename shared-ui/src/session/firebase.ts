import type firebaseNamespace from 'firebase/compat/app';
import { runtimeConfig } from '../runtimeConfig';
import { nextTask } from '../scheduling/nextTask';

export type FirebaseUser = firebaseNamespace.User;
export type FirebaseAuth = firebaseNamespace.auth.Auth;
export interface LoadedFirebase {
  firebase: typeof firebaseNamespace;
  auth: FirebaseAuth;
}

let loading: Promise<LoadedFirebase> | null = null;

/**
 * The page's one Firebase app and its auth, loaded on first use (never on the landing page's
 * critical path). FirebaseUI 6 works on the compat API, so the session does too: both then
 * share this app (firebase/compat/* are federated singletons).
 */
export function loadFirebaseAuth(): Promise<LoadedFirebase> {
  loading ??= (async () => {
    // The app, its auth and their start, each evaluated in a task of its own (no long task).
    const { default: firebase } = await import(/* webpackChunkName: "firebase-app" */ 'firebase/compat/app');
    await nextTask();
    await import(/* webpackChunkName: "firebase-auth" */ 'firebase/compat/auth');
    await nextTask();
    const { firebase: options, authEmulatorUrl } = runtimeConfig();
    const app = firebase.apps[0] ?? firebase.initializeApp(options);
    const auth = app.auth();
    if (authEmulatorUrl) {
      // The SDK takes { disableWarnings } (its compat typings omit it): no emulator banner over the page.
      const useEmulator = auth.useEmulator as unknown as (this: FirebaseAuth, url: string, options: { disableWarnings: boolean }) => void;
      useEmulator.call(auth, authEmulatorUrl, { disableWarnings: true });
    }
    return { firebase, auth };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
