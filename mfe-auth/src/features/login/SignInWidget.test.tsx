import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '../../testing/renderWithSite';
import { HANDOVER_TIMEOUT_MS, SignInWidget } from './SignInWidget';
import { startWidget } from './widget';

// FirebaseUI itself is tried in a real browser (e2e/tests/auth.spec.ts, login-a11y.spec.ts); here
// a stand-in draws its steps as it does: the email step, whose button goes on to the password step
// (or shows FirebaseUI's error for an address it refuses), whose Cancel goes back.
jest.mock('./widget', () => ({ startWidget: jest.fn() }));

const EMAIL_STEP = `<div class="firebaseui-container firebaseui-id-page-sign-in"><form><div class="firebaseui-card-header"><h1 class="firebaseui-title">Sign in with email</h1></div>
  <label for="ui-sign-in-email-input">Email</label><input id="ui-sign-in-email-input" type="email" class="firebaseui-id-email">
  <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-email-error"></p></div>
  <button type="button" class="firebaseui-id-submit">Next</button></form></div>`;
const PASSWORD_STEP = (email: string) => `<div class="firebaseui-container firebaseui-id-page-password-sign-in"><form>
  <h1 class="firebaseui-title">Sign in</h1>
  <label for="e">Email</label><input id="e" type="email" class="firebaseui-id-email" value="${email}">
  <label for="pw">Password</label><input id="pw" type="password" class="firebaseui-id-password">
  <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-password-error"></p></div>
  <button type="button" class="firebaseui-id-secondary-link">Cancel</button>
  <button type="button" class="firebaseui-id-submit">Sign In</button></form></div>`;
/** An address the stand-in refuses on its email step (FirebaseUI's own check). */
const REFUSED = 'refuzat@exemplu.ro';
/** An address the stand-in never answers (a request that hangs). */
const UNANSWERED = 'fara.raspuns@exemplu.ro';

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
            container.onclick = (event) => {
              const button = (event.target as Element).closest('button');
              if (button?.matches('.firebaseui-id-secondary-link')) container.innerHTML = EMAIL_STEP;
              if (!button?.matches('.firebaseui-id-submit') || !container.querySelector('.firebaseui-id-page-sign-in')) return;
              const email = container.querySelector<HTMLInputElement>('input.firebaseui-id-email')!.value;
              if (email === UNANSWERED) return;
              if (email === REFUSED) {
                const error = container.querySelector('.firebaseui-error')!;
                error.textContent = "That email address isn't correct";
                error.classList.remove('firebaseui-hidden');
              } else setTimeout(() => (container.innerHTML = PASSWORD_STEP(email)), 5);
            };
            resolve(stop);
          };
        }),
    );
});

const region = () => screen.getByRole('region', { name: 'Formularul de autentificare' });
/** The email fields in sight (a hidden one is not in the accessibility tree). */
const emailFields = () => screen.queryAllByRole('textbox', { name: /Email|Adresa de email/ });
const ownField = () => screen.getByRole('textbox', { name: /Adresa de email/ });
/** FirebaseUI's stand-in draws its email step, once it has been asked for (its chunk is imported first). */
async function drawFirebaseUi() {
  await waitFor(() => expect(draw).toBeDefined());
  await act(async () => draw!());
}

describe("the sign-in form's first step: the page's own", () => {
  it("is drawn at once in the page's language, one email field, with no FirebaseUI and nothing said or focused", () => {
    renderWithSite(<SignInWidget />);
    expect(region()).toContainElement(ownField());
    expect(emailFields()).toHaveLength(1);
    expect(ownField().closest('[lang="en"]')).toBeNull();
    expect(ownField()).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('button', { name: 'Continuați' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(startWidget).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });

  it('is in English on an English page', () => {
    act(() => setLocale('en'));
    renderWithSite(<SignInWidget />);
    expect(screen.getByRole('region', { name: 'Sign-in form' })).toContainElement(screen.getByRole('textbox', { name: /Email address/ }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('loads FirebaseUI out of sight once the visitor acts on it: still one email field, and the focus stays', async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.click(ownField());
    expect(startWidget).toHaveBeenCalledTimes(1);
    await drawFirebaseUi();
    expect(document.querySelector('#ui-sign-in-email-input')).not.toBeNull();
    expect(emailFields()).toEqual([ownField()]);
    expect(ownField()).toHaveFocus();
  });

  it('refuses an empty address: the field says why, keeps the focus, and the refusal is said at once', async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(ownField()).toHaveFocus();
    expect(ownField()).toHaveAttribute('aria-invalid', 'true');
    expect(ownField()).toHaveAccessibleDescription('Eroare: Completați câmpul „Adresa de email”.');
    expect(screen.getByText('Eroare: Completați câmpul „Adresa de email”.', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("refuses an address it can check itself, in the page's language, without asking FirebaseUI", async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.type(ownField(), 'ana.pop@exemplu{Enter}');
    expect(ownField()).toHaveAttribute('aria-invalid', 'true');
    expect(ownField()).toHaveAccessibleDescription(/adresă de email/i);
    expect(ownField()).toHaveFocus();
    await drawFirebaseUi();
    expect(document.querySelector<HTMLInputElement>('#ui-sign-in-email-input')!.value).toBe('');
  });
});

describe('handing over to FirebaseUI', () => {
  it("says it is loading, submits the address to FirebaseUI's email step, then shows its next step in place, focused on its field", async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.type(ownField(), 'ana.pop@exemplu.ro');
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    await drawFirebaseUi();
    const password = await screen.findByLabelText('Parola');
    await waitFor(() => expect(password).toHaveFocus());
    // One email field in sight: FirebaseUI's (its password step shows the address), not the page's.
    expect(emailFields()).toHaveLength(1);
    expect(emailFields()[0]).toHaveValue('ana.pop@exemplu.ro');
    // Its texts in the page's language, and marked so: none of its own English is left.
    expect(emailFields()[0]!.closest('[lang="en"]')).toBeNull();
    expect(emailFields()[0]!.closest('[lang]')).toHaveAttribute('lang', 'ro');
    expect(emailFields()[0]).toHaveAccessibleName('Adresa de email');
    expect(screen.queryByRole('button', { name: 'Continuați' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Intrați în cont' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anulați' })).toBeInTheDocument();
    expect(region()).not.toHaveTextContent(/Sign in|Password|Cancel|Email/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(startWidget).toHaveBeenCalledTimes(1);

    // The page changes language: the step follows, marked so.
    act(() => setLocale('en'));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(emailFields()[0]!.closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it("says FirebaseUI's errors in the page's language, shown so too", async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.type(ownField(), 'ana.pop@exemplu.ro{Enter}');
    await drawFirebaseUi();
    await waitFor(() => expect(screen.getByLabelText('Parola')).toHaveFocus());
    const error = document.querySelector('.firebaseui-id-password-error')!;
    act(() => {
      error.textContent = 'Enter your password';
      error.classList.remove('firebaseui-hidden');
    });
    const alert = await screen.findByText('Introduceți parola.', { selector: '[role="alert"]' });
    expect(alert).not.toHaveAttribute('lang');
    expect(screen.getByLabelText('Parola')).toHaveAccessibleDescription('Introduceți parola.');
  });

  it("shows on the page's own field, in its language, what FirebaseUI's email step refuses, said once", async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.type(ownField(), `${REFUSED}{Enter}`);
    await drawFirebaseUi();
    await waitFor(() => expect(ownField()).toHaveAccessibleDescription(/Adresa de email nu este corectă\./));
    expect(ownField()).toHaveFocus();
    expect(ownField()).toHaveValue(REFUSED);
    expect(emailFields()).toHaveLength(1);
    expect(screen.getAllByText('Adresa de email nu este corectă.', { selector: '[role="alert"]' })).toHaveLength(1);
  });

  it("brings the page's own step back, with the address and the focus, when FirebaseUI goes back to its email step", async () => {
    const user = userEvent.setup();
    renderWithSite(<SignInWidget />);
    await user.type(ownField(), 'ana.pop@exemplu.ro{Enter}');
    await drawFirebaseUi();
    await waitFor(() => expect(screen.getByLabelText('Parola')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Anulați' }));
    await waitFor(() => expect(ownField()).toHaveFocus());
    expect(ownField()).toHaveValue('ana.pop@exemplu.ro');
    expect(emailFields()).toEqual([ownField()]);
    // And on again, through the same FirebaseUI.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Parola')).toHaveFocus());
    expect(startWidget).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for an answer that never comes: said in an alert, the address kept and the form usable again', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithSite(<SignInWidget />);
      await user.type(ownField(), `${UNANSWERED}{Enter}`);
      await drawFirebaseUi();
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
      await act(async () => jest.advanceTimersByTime(HANDOVER_TIMEOUT_MS));
      expect(await screen.findByText(/Formularul de autentificare nu s-a putut încărca/)).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      expect(ownField()).toHaveFocus();
      expect(ownField()).toHaveValue(UNANSWERED);
      // The next try goes through, and the alert is gone.
      await user.clear(ownField());
      await user.type(ownField(), 'ana.pop@exemplu.ro{Enter}');
      await act(async () => jest.advanceTimersByTime(10));
      await waitFor(() => expect(screen.getByLabelText('Parola')).toHaveFocus());
      expect(screen.queryByText(/Formularul de autentificare nu s-a putut încărca/)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says in an alert when FirebaseUI cannot load, keeps what was typed, and tries again at the next act', async () => {
    const user = userEvent.setup();
    jest.mocked(startWidget).mockRejectedValueOnce(new Error('offline'));
    renderWithSite(<SignInWidget />);
    await user.click(ownField());
    expect(await screen.findByText(/Formularul de autentificare nu s-a putut încărca/)).toHaveAttribute('role', 'alert');
    await user.type(ownField(), 'ana.pop@exemplu.ro{Enter}');
    expect(ownField()).toHaveValue('ana.pop@exemplu.ro');
    expect(startWidget).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    await drawFirebaseUi();
    await waitFor(() => expect(screen.getByLabelText('Parola')).toHaveFocus());
    expect(screen.queryByText(/Formularul de autentificare nu s-a putut încărca/)).toBeNull();
  });

  it('stops FirebaseUI when the page goes away, even one that was still loading', async () => {
    const user = userEvent.setup();
    const first = renderWithSite(<SignInWidget />);
    await user.click(ownField());
    await drawFirebaseUi();
    await waitFor(() => expect(document.querySelector('#ui-sign-in-email-input')).not.toBeNull());
    first.unmount();
    expect(stop).toHaveBeenCalledTimes(1);

    draw = undefined;
    stop.mockClear();
    const second = renderWithSite(<SignInWidget />);
    await user.click(ownField());
    await waitFor(() => expect(draw).toBeDefined());
    second.unmount();
    await act(async () => draw!());
    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1));
    expect(document.querySelector('#ui-sign-in-email-input')).toBeNull();
  });
});
