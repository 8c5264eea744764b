import { act, screen, waitFor } from '@testing-library/react';
import { setLocale } from '@site/shared-ui';
import { createRef } from 'react';
import { renderWithSite } from '../../testing/renderWithSite';
import { SignInWidget } from './SignInWidget';
import { startWidget } from './widget';

// FirebaseUI itself is tried in a real browser (e2e/tests/auth.spec.ts, login-a11y.spec.ts);
// here a stand-in draws its first step, or fails to load.
jest.mock('./widget', () => ({ startWidget: jest.fn() }));

const EMAIL_STEP = `<div class="firebaseui-card-content"><h1 class="firebaseui-title">Sign in with email</h1>
  <label for="e">Email</label><input id="e" class="firebaseui-id-email">
  <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-email-error"></p></div>
  <button class="firebaseui-id-submit">Next</button></div>`;

let stop: jest.Mock;
let draw: (() => void) | undefined;
beforeEach(() => {
  act(() => setLocale('ro'));
  draw = undefined;
  stop = jest.fn();
  jest
    .mocked(startWidget)
    .mockReset()
    .mockImplementation(
      (container) =>
        new Promise((resolve) => {
          draw = () => {
            container.innerHTML = EMAIL_STEP;
            resolve(stop);
          };
        }),
    );
});

const region = () => screen.getByRole('region', { name: 'Formularul de autentificare (în limba engleză)' });

describe('the sign-in widget on the page', () => {
  it("is a region named (in the page's language) as an English-only form, and says it is loading", async () => {
    renderWithSite(<SignInWidget />);
    expect(region()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    await waitFor(() => expect(startWidget).toHaveBeenCalled());
    const container = jest.mocked(startWidget).mock.calls[0]?.[0];
    expect(container).toHaveAttribute('lang', 'en');
    expect(region()).toContainElement(container!);
  });

  it('keeps the focus out of the widget until its first step is drawn, then lets the visitor in', async () => {
    const ref = createRef<HTMLDivElement>();
    renderWithSite(<SignInWidget ref={ref} />);
    await waitFor(() => expect(startWidget).toHaveBeenCalled());
    expect(ref.current).toBe(jest.mocked(startWidget).mock.calls[0]![0]);
    expect(ref.current).toHaveAttribute('inert');
    await act(async () => draw!());
    await waitFor(() => expect(ref.current).not.toHaveAttribute('inert'));
    // Nothing was focused for the visitor.
    expect(document.activeElement).toBe(document.body);
  });

  it('stops saying "loading" once drawn, with its step title under the page\'s h1', async () => {
    renderWithSite(<SignInWidget />);
    await waitFor(() => expect(draw).toBeDefined());
    await act(async () => draw!());
    expect(screen.queryByText('Se încarcă formularul de autentificare…')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('says the widget\'s errors at once, in English (lang="en")', async () => {
    renderWithSite(<SignInWidget />);
    await waitFor(() => expect(draw).toBeDefined());
    await act(async () => draw!());
    const error = document.querySelector('.firebaseui-error')!;
    act(() => {
      error.textContent = "That email address isn't correct";
      error.classList.remove('firebaseui-hidden');
    });
    const alert = await screen.findByText("That email address isn't correct", { selector: '[role="alert"]' });
    expect(alert).toHaveAttribute('lang', 'en');
  });

  it('says in an alert when the widget cannot load', async () => {
    jest.mocked(startWidget).mockRejectedValue(new Error('offline'));
    renderWithSite(<SignInWidget />);
    expect(await screen.findByText(/Formularul de autentificare nu s-a putut încărca/)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stops the widget when the page goes away, even one that was still loading', async () => {
    const { unmount } = renderWithSite(<SignInWidget />);
    await waitFor(() => expect(draw).toBeDefined());
    await act(async () => draw!());
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);

    draw = undefined;
    stop.mockClear();
    const second = renderWithSite(<SignInWidget />);
    await waitFor(() => expect(draw).toBeDefined());
    second.unmount();
    await act(async () => draw!());
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
