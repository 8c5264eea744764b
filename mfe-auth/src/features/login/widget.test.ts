import { loadFirebaseAuth } from '@site/shared-ui';
import * as firebaseui from 'firebaseui';
import { startWidget } from './widget';

jest.mock('@site/shared-ui', () => ({ loadFirebaseAuth: jest.fn() }));
jest.mock('firebaseui', () => {
  const ui = { start: jest.fn(), reset: jest.fn() };
  const AuthUI = Object.assign(
    jest.fn(() => ui),
    { getInstance: jest.fn(() => null) },
  );
  return { auth: { AuthUI, CredentialHelper: { NONE: 'none' } }, ui };
});

/** The one AuthUI the stand-in hands out. */
const ui = (firebaseui as unknown as { ui: { start: jest.Mock; reset: jest.Mock } }).ui;
const auth = { name: 'the auth instance', app: { name: '[DEFAULT]', options: { apiKey: 'key', authDomain: 'vedere.firebaseapp.com', projectId: 'vedere' } } };
const appWithoutRedirects = jest.fn();
const firebase = { auth: { EmailAuthProvider: { PROVIDER_ID: 'password' } } };

const stylesheet = () => document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.head.innerHTML = '';
  jest.clearAllMocks();
  jest.mocked(loadFirebaseAuth).mockResolvedValue({ firebase, auth, appWithoutRedirects } as never);
});

describe('starting FirebaseUI on /login', () => {
  it('draws nothing until its stylesheet applies (so it never jumps from unstyled to styled)', async () => {
    const container = document.createElement('div');
    const started = startWidget(container);
    await flush();
    expect(stylesheet()).not.toBeNull();
    expect(ui.start).not.toHaveBeenCalled();
    stylesheet()!.dispatchEvent(new Event('load'));
    await started;
    expect(ui.start).toHaveBeenCalledTimes(1);
    expect(ui.start.mock.calls[0]![0]).toBe(container);
  });

  it('still draws when the stylesheet fails to load, rather than leaving no way to sign in', async () => {
    const started = startWidget(document.createElement('div'));
    await flush();
    stylesheet()!.dispatchEvent(new Event('error'));
    await started;
    expect(ui.start).toHaveBeenCalledTimes(1);
  });

  it('uses the popup flow, the email provider asking for a name, no credential helper, and never redirects itself', async () => {
    const started = startWidget(document.createElement('div'));
    await flush();
    stylesheet()!.dispatchEvent(new Event('load'));
    await started;
    expect(firebaseui.auth.AuthUI).toHaveBeenCalledWith(auth);
    const config = ui.start.mock.calls[0]![1];
    expect(config).toMatchObject({
      signInFlow: 'popup',
      signInOptions: [{ provider: 'password', requireDisplayName: true }],
      credentialHelper: 'none',
    });
    // The session (shared-ui) takes the signed-in user from there.
    expect(config.callbacks.signInSuccessWithAuthResult()).toBe(false);
  });

  it("makes FirebaseUI's own app first, as FirebaseUI names and configures it, its auth started without the popup and redirect handler", async () => {
    const started = startWidget(document.createElement('div'));
    await flush();
    stylesheet()!.dispatchEvent(new Event('load'));
    await started;
    // FirebaseUI 6: initializeApp({ apiKey, authDomain }, auth.app.name + '-firebaseui-temp'); other options would make it fail (a duplicate app).
    expect(appWithoutRedirects).toHaveBeenCalledWith('[DEFAULT]-firebaseui-temp', { apiKey: 'key', authDomain: 'vedere.firebaseapp.com' });
    expect(appWithoutRedirects.mock.invocationCallOrder[0]).toBeLessThan(jest.mocked(firebaseui.auth.AuthUI).mock.invocationCallOrder[0]!);
  });

  it('answers a stop that resets the widget, and links its stylesheet once however often it starts', async () => {
    const first = startWidget(document.createElement('div'));
    await flush();
    stylesheet()!.dispatchEvent(new Event('load'));
    const stop = await first;
    expect(ui.reset).not.toHaveBeenCalled();
    stop();
    expect(ui.reset).toHaveBeenCalledTimes(1);

    jest.mocked(firebaseui.auth.AuthUI.getInstance).mockReturnValueOnce(ui as never);
    const second = startWidget(document.createElement('div'));
    await flush();
    stylesheet()!.dispatchEvent(new Event('load'));
    await second;
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
    // One AuthUI per auth instance: the one that exists is used again.
    expect(firebaseui.auth.AuthUI).toHaveBeenCalledTimes(1);
    expect(appWithoutRedirects).toHaveBeenCalledTimes(1);
    expect(ui.start).toHaveBeenCalledTimes(2);
  });
});
