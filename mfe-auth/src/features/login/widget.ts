// FirebaseUI and its stylesheet: loaded only by /login, once the page has rendered.
import { loadFirebaseAuth } from '@site/shared-ui';
import * as firebaseui from 'firebaseui';
import stylesheet from 'firebaseui/dist/firebaseui.css';
import { WIDGET } from './config';

function linkStylesheet() {
  if (document.querySelector(`link[href="${stylesheet}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet;
  document.head.append(link);
}

/**
 * Starts the widget in the container: popup flow, the email provider, no credential helper.
 * The session (shared-ui) sees the sign-in through the SDK's token events and takes it from
 * there, so the widget itself never redirects. Answers a function that stops the widget.
 */
export async function startWidget(container: HTMLElement): Promise<() => void> {
  const { firebase, auth } = await loadFirebaseAuth();
  linkStylesheet();
  const ui = firebaseui.auth.AuthUI.getInstance() ?? new firebaseui.auth.AuthUI(auth);
  ui.start(container, {
    signInFlow: 'popup',
    signInOptions: [{ provider: firebase.auth.EmailAuthProvider.PROVIDER_ID, requireDisplayName: WIDGET.requireDisplayName }],
    credentialHelper: firebaseui.auth.CredentialHelper.NONE,
    callbacks: { signInSuccessWithAuthResult: () => false },
  });
  return () => ui.reset();
}
