// FirebaseUI: loaded only by /login, once the visitor acts on the sign-in (SignInWidget.tsx).
import { loadFirebaseAuth } from '@site/shared-ui';
import { nextTask } from '@site/shared-ui/next-task';
import { WIDGET } from './widgetSettings';
import { linkStylesheet } from './widgetStylesheet';

/**
 * Starts the widget in the container: popup flow, the email provider, no credential helper.
 * The session (shared-ui) sees the sign-in through the SDK's token events and takes it from
 * there, so the widget itself never redirects. Answers a function that stops the widget.
 */
export async function startWidget(container: HTMLElement): Promise<() => void> {
  const [{ firebase, auth, appWithoutRedirects }] = await Promise.all([loadFirebaseAuth(), linkStylesheet()]);
  // FirebaseUI is fetched with this chunk, but evaluated in a task of its own (it is large), and
  // the widget drawn in the next: none of the three steps is one long task on a slow phone.
  await nextTask();
  const firebaseui = await import(/* webpackMode: "eager" */ 'firebaseui');
  await nextTask();
  let ui = firebaseui.auth.AuthUI.getInstance();
  if (!ui) {
    // FirebaseUI signs in on an app of its own, made from the page's app's key and auth domain, named
    // "<app>-firebaseui-temp". Made here first, its auth starts as the page's does, without the popup
    // and redirect handler: on a phone, each step of a sign-in would otherwise wait for Google's
    // script loader and a frame. In the same task as the widget's construction, which points that
    // auth at the emulator (locally) before it sends anything.
    const { apiKey, authDomain } = auth.app.options as { apiKey?: string; authDomain?: string };
    appWithoutRedirects(`${auth.app.name}-firebaseui-temp`, { apiKey, authDomain });
    ui = new firebaseui.auth.AuthUI(auth);
  }
  ui.start(container, {
    signInFlow: 'popup',
    signInOptions: [{ provider: firebase.auth.EmailAuthProvider.PROVIDER_ID, requireDisplayName: WIDGET.requireDisplayName }],
    credentialHelper: firebaseui.auth.CredentialHelper.NONE,
    callbacks: { signInSuccessWithAuthResult: () => false },
  });
  return () => ui.reset();
}
