import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { createRef } from 'react';
import { renderWithSite } from '../../testing/renderWithSite';
import { carryEmailIntoWidget } from './carryEmail';
import { SignInWidget, type SignInWidgetHandle } from './SignInWidget';
import { startWidget } from './widget';
import { linkStylesheet } from './widgetStylesheet';

// FirebaseUI itself is tried in a real browser (e2e/tests/auth.spec.ts, login-a11y.spec.ts);
// here a stand-in draws its email step, or fails to load.
jest.mock('./widget', () => ({ startWidget: jest.fn() }));
jest.mock('./widgetStylesheet', () => ({ linkStylesheet: jest.fn() }));
jest.mock('./carryEmail', () => ({ ...jest.requireActual('./carryEmail'), carryEmailIntoWidget: jest.fn(async () => undefined) }));

const EMAIL_STEP = `<div class="firebaseui-container"><form><div class="firebaseui-card-header"><h1 class="firebaseui-title">Sign in with email</h1></div>
  <label for="ui-sign-in-email-input">Email</label><input id="ui-sign-in-email-input" type="email" class="firebaseui-id-email">
  <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-email-error"></p></div>
  <button class="firebaseui-id-submit">Next</button></form></div>`;

let stop: jest.Mock;
let draw: (() => void) | undefined;
let styled: () => void;
beforeEach(() => {
  act(() => setLocale('ro'));
  draw = undefined;
  stop = jest.fn();
  jest.mocked(carryEmailIntoWidget).mockClear();
  jest
    .mocked(linkStylesheet)
    .mockReset()
    .mockImplementation(() => new Promise((resolve) => (styled = resolve)));
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
const emailFields = () => screen.queryAllByRole('textbox', { name: 'Email' });
/** FirebaseUI's stand-in draws its step, once it has been asked for (its chunk is imported first). */
async function drawFirebaseUi() {
  await waitFor(() => expect(draw).toBeDefined());
  await act(async () => draw!());
}
/** The page's own drawing of the widget's first step, its stylesheet applied. */
async function firstStepDrawn(ref?: React.Ref<SignInWidgetHandle>) {
  const rendered = renderWithSite(<SignInWidget ref={ref} />);
  await act(async () => styled());
  return rendered;
}

describe("the sign-in widget's first step, before the visitor acts", () => {
  it('says it is loading until the stylesheet applies, then draws the email step in English, with no FirebaseUI', async () => {
    renderWithSite(<SignInWidget />);
    expect(region()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    expect(emailFields()).toHaveLength(0);
    await act(async () => styled());
    expect(screen.queryByText('Se încarcă formularul de autentificare…')).not.toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field.closest('[lang="en"]')).not.toBeNull();
    expect(region()).toContainElement(field);
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(startWidget).not.toHaveBeenCalled();
    // Nothing was focused for the visitor.
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the visitor acting on the first step', () => {
  it('loads FirebaseUI, which takes the place of the first step only once the visitor stops typing in it, with what was typed', async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    await user.click(screen.getByRole('textbox', { name: 'Email' }));
    expect(startWidget).toHaveBeenCalledTimes(1);
    await user.keyboard('ana.pop@exem');
    // Until FirebaseUI is drawn, the first step stays, and FirebaseUI's container is not in the page.
    expect(emailFields()).toHaveLength(1);
    await drawFirebaseUi();
    // Drawn, but the visitor is typing: the field they type in stays.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('id', 'sign-in-first-step-email');
    await user.keyboard('plu.ro');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana.pop@exemplu.ro');
    // Moving on (to the step's button): FirebaseUI's step takes over, the address and the focus with it.
    await user.tab();
    await waitFor(() => expect(document.querySelector('#sign-in-first-step-email')).toBeNull());
    const theirs = screen.getByRole('textbox', { name: 'Email' });
    expect(theirs).toHaveAttribute('id', 'ui-sign-in-email-input');
    expect(emailFields()).toHaveLength(1);
    expect(theirs).toHaveValue('ana.pop@exemplu.ro');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveClass('firebaseui-id-submit');
    expect(startWidget).toHaveBeenCalledTimes(1);
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
  });

  it("hands the focus over to FirebaseUI's field where it was in the first step's when it is drawn (not typing: a hover loaded it)", async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    await user.hover(region());
    expect(startWidget).toHaveBeenCalledTimes(1);
    await drawFirebaseUi();
    await waitFor(() => expect(document.querySelector('#sign-in-first-step-email')).toBeNull());
    expect(document.activeElement).toBe(document.body);
  });

  it("keeps the focus of a keyboard user on the first step's button, on FirebaseUI's", async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await drawFirebaseUi();
    await waitFor(() => expect(document.querySelector('#sign-in-first-step-email')).toBeNull());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveClass('firebaseui-id-submit');
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
  });

  it('submits to FirebaseUI a first step submitted while it was loading, and says meanwhile that it is loading', async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana.pop@exemplu.ro');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    await drawFirebaseUi();
    await waitFor(() => expect(carryEmailIntoWidget).toHaveBeenCalledTimes(1));
    const [container, email] = jest.mocked(carryEmailIntoWidget).mock.calls[0]!;
    expect(email).toBe('ana.pop@exemplu.ro');
    expect(region()).toContainElement(container);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('submits to FirebaseUI a first step submitted by Enter in its field while it was loading', async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana.pop@exemplu.ro{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă formularul de autentificare…');
    await drawFirebaseUi();
    await waitFor(() => expect(carryEmailIntoWidget).toHaveBeenCalledTimes(1));
    expect(jest.mocked(carryEmailIntoWidget).mock.calls[0]![1]).toBe('ana.pop@exemplu.ro');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('id', 'ui-sign-in-email-input');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it("answers the page's own form with FirebaseUI's container once drawn, loading it once however often asked", async () => {
    const ref = createRef<SignInWidgetHandle>();
    await firstStepDrawn(ref);
    const first = ref.current!.start();
    const second = ref.current!.start();
    await drawFirebaseUi();
    const container = await first;
    expect(await second).toBe(container);
    expect(startWidget).toHaveBeenCalledTimes(1);
    expect(region()).toContainElement(container);
    expect(container.querySelector('input.firebaseui-id-email')).not.toBeNull();
    // Nothing typed in the first step, nothing focused: nothing is handed over.
    expect(container.querySelector('input')).toHaveValue('');
    expect(document.activeElement).toBe(document.body);
  });

  it("shows FirebaseUI's step title under the page's h1, and says its errors at once, in English", async () => {
    const ref = createRef<SignInWidgetHandle>();
    await firstStepDrawn(ref);
    const started = ref.current!.start();
    await drawFirebaseUi();
    await started;
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    const error = document.querySelector('.firebaseui-error')!;
    act(() => {
      error.textContent = "That email address isn't correct";
      error.classList.remove('firebaseui-hidden');
    });
    const alert = await screen.findByText("That email address isn't correct", { selector: '[role="alert"]' });
    expect(alert).toHaveAttribute('lang', 'en');
  });

  it('says in an alert when FirebaseUI cannot load, keeps the first step with what was typed, and tries again at the next act', async () => {
    const user = userEvent.setup();
    jest.mocked(startWidget).mockRejectedValueOnce(new Error('offline'));
    await firstStepDrawn();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana.pop@exemplu.ro');
    expect(await screen.findByText(/Formularul de autentificare nu s-a putut încărca/)).toHaveAttribute('role', 'alert');
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveValue('ana.pop@exemplu.ro');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(startWidget).toHaveBeenCalledTimes(2);
    await drawFirebaseUi();
    await waitFor(() => expect(carryEmailIntoWidget).toHaveBeenCalledTimes(1));
    expect(jest.mocked(carryEmailIntoWidget).mock.calls[0]![1]).toBe('ana.pop@exemplu.ro');
    expect(document.querySelector('#sign-in-first-step-email')).toBeNull();
  });

  it("lets a press on the first step's button end, its click landing, before FirebaseUI takes over", async () => {
    const user = userEvent.setup();
    await firstStepDrawn();
    const next = screen.getByRole('button', { name: 'Next' });
    await user.pointer({ keys: '[MouseLeft>]', target: next });
    expect(startWidget).toHaveBeenCalledTimes(1);
    await drawFirebaseUi();
    // Pressed still: the first step stays.
    expect(document.querySelector('#sign-in-first-step-email')).not.toBeNull();
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
    await user.pointer({ keys: '[/MouseLeft]', target: next });
    // Released: the click submitted the first step, and FirebaseUI takes over with that submission.
    await waitFor(() => expect(document.querySelector('#sign-in-first-step-email')).toBeNull());
    await waitFor(() => expect(carryEmailIntoWidget).toHaveBeenCalledTimes(1));
  });

  it('stops FirebaseUI when the page goes away, even one that was still loading', async () => {
    const ref = createRef<SignInWidgetHandle>();
    const { unmount } = await firstStepDrawn(ref);
    const started = ref.current!.start();
    await drawFirebaseUi();
    await started;
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);

    draw = undefined;
    stop.mockClear();
    const second = await firstStepDrawn(ref);
    const loading = expect(ref.current!.start()).rejects.toThrow('the sign-in page has gone');
    await waitFor(() => expect(draw).toBeDefined());
    second.unmount();
    await act(async () => draw!());
    await loading;
    expect(stop).toHaveBeenCalledTimes(1);
    expect(emailFields()).toHaveLength(0);
  });
});
