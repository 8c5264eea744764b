import { carryEmailIntoWidget, whenElement } from './carryEmail';
import { WIDGET } from './widgetSettings';

/**
 * FirebaseUI's steps as far as the hand-over uses them: the provider list (a "Sign in with
 * email" button), the email step, then the password step (a known address) or the new-account
 * step (name).
 */
const PROVIDERS = '<button class="firebaseui-idp-button firebaseui-idp-password">Sign in with email</button>';
const EMAIL_STEP = `<form><label for="email">Email</label><input id="email" class="firebaseui-id-email" type="email">
  <button class="firebaseui-id-submit" type="submit">Next</button></form>`;
const PASSWORD_STEP = '<label for="pw">Password</label><input id="pw" class="firebaseui-id-password" type="password">';
const NAME_STEP = '<label for="nm">First &amp; last name</label><input id="nm" class="firebaseui-id-name">';

const REFUSED = `<p class="firebaseui-error firebaseui-id-email-error">That email address isn't correct</p>`;
const INFO_BAR = `<div class="firebaseui-info-bar"><p class="firebaseui-info-bar-message">A network error has occurred</p>
  <a class="firebaseui-id-dismiss-info-bar">Dismiss</a></div>`;

/** A stand-in for the widget: each button draws its next step a moment later, as the widget does. */
function fakeWidget(first: string, afterEmail: string) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = first;
  const seen: { value: string; events: string[] } = { value: '', events: [] };
  container.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    event.preventDefault();
    if (button.matches(WIDGET.selectors.chooseEmail)) setTimeout(() => (container.innerHTML = EMAIL_STEP), 5);
    if (button.matches(WIDGET.selectors.next)) {
      seen.value = container.querySelector<HTMLInputElement>(WIDGET.selectors.email)!.value;
      setTimeout(() => (container.innerHTML = afterEmail), 5);
    }
  });
  container.addEventListener('click', (event) => {
    if ((event.target as Element).matches(WIDGET.selectors.dismissInfoBar)) container.querySelector('.firebaseui-info-bar')!.remove();
  });
  for (const type of ['input', 'change']) container.addEventListener(type, () => seen.events.push(type));
  return { container, seen };
}

afterEach(() => (document.body.innerHTML = ''));

describe("handing the page's email step to the widget", () => {
  it("chooses the widget's email sign-in, fills and submits its email step, and answers the password field", async () => {
    const { container, seen } = fakeWidget(PROVIDERS, PASSWORD_STEP);
    const answer = await carryEmailIntoWidget(container, 'ana.pop@exemplu.ro');
    expect(seen.value).toBe('ana.pop@exemplu.ro');
    // The widget's own field hears the change as if it were typed.
    expect(seen.events).toEqual(['input', 'change']);
    expect(answer).toEqual({ next: container.querySelector('#pw') });
  });

  it('answers the name field when the address is new (a new account)', async () => {
    const { container, seen } = fakeWidget(PROVIDERS, NAME_STEP);
    const answer = await carryEmailIntoWidget(container, 'nou@exemplu.ro');
    expect(seen.value).toBe('nou@exemplu.ro');
    expect(answer).toEqual({ next: container.querySelector('#nm') });
  });

  it('fills the email step at once when the widget already shows it', async () => {
    const { container, seen } = fakeWidget(EMAIL_STEP, PASSWORD_STEP);
    await carryEmailIntoWidget(container, 'ana.pop@exemplu.ro');
    expect(seen.value).toBe('ana.pop@exemplu.ro');
  });

  it('answers the message the widget shows on its email step instead of a next step', async () => {
    const { container } = fakeWidget(EMAIL_STEP, EMAIL_STEP + REFUSED);
    await expect(carryEmailIntoWidget(container, 'ana@exemplu')).resolves.toEqual({ refused: "That email address isn't correct", translated: false });
  });

  it("answers the widget's info bar, not one left from an earlier attempt", async () => {
    const { container } = fakeWidget(EMAIL_STEP + INFO_BAR, EMAIL_STEP + INFO_BAR.replace('A network error has occurred', 'Something went wrong. Please try again.'));
    await expect(carryEmailIntoWidget(container, 'ana.pop@exemplu.ro')).resolves.toEqual({ refused: 'Something went wrong. Please try again.', translated: false });
  });
});

describe('waiting for an element of the widget', () => {
  it('answers an element that is there already', async () => {
    document.body.innerHTML = '<div><input class="x"></div>';
    await expect(whenElement(document.body, 'input.x')).resolves.toBe(document.querySelector('input.x'));
  });

  it('answers an element once it appears, however deep', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const found = whenElement(root, 'input.later');
    let settled = false;
    void found.then(() => (settled = true));
    root.innerHTML = '<p>spinner</p>';
    await Promise.resolve();
    expect(settled).toBe(false);
    root.querySelector('p')!.innerHTML = '<span><input class="later"></span>';
    await expect(found).resolves.toBe(root.querySelector('input.later'));
  });
});
