import { followWidget, type FollowedWidget } from './widgetAccessibility';

/** The site's words for some of the widget's texts, in the page's language (widgetTexts.ts, i18n). */
const WORDS: Record<string, Record<string, string>> = {
  ro: {
    'Sign in with email': 'Intrați în cont cu adresa de email',
    Email: 'Adresa de email',
    Next: 'Continuați',
    'Follow the instructions sent to': 'Urmați instrucțiunile trimise la',
    'to recover your password': 'pentru a vă schimba parola.',
    Dismiss: 'Închideți mesajul',
  },
  en: { 'Sign in with email': 'Sign in with your email address', Email: 'Email address', Next: 'Continue' },
};
const TOGGLE = { ro: 'Afișați parola', en: 'Show password' };

/** FirebaseUI's email step as it draws it (trimmed to what is followed). */
const EMAIL_STEP = `
  <div class="firebaseui-container firebaseui-id-page-sign-in">
    <h1 class="firebaseui-title">Sign in with email</h1>
    <div class="firebaseui-relative-wrapper">
      <div class="firebaseui-textfield mdl-textfield"><label for="ui-sign-in-email-input">Email</label>
        <input id="ui-sign-in-email-input" class="firebaseui-id-email" type="email"></div>
      <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-email-error"></p></div>
    </div>
    <button class="firebaseui-id-submit">Next</button>
  </div>`;

/** The sign-up step's password field with its visibility toggle. */
const PASSWORD_STEP = `
  <div class="firebaseui-new-password-component">
    <div class="firebaseui-textfield mdl-textfield"><label for="pw">Choose password</label>
      <input id="pw" class="firebaseui-id-new-password" type="password"></div>
    <a href="javascript:void(0)" class="firebaseui-input-floating-button firebaseui-id-password-toggle firebaseui-input-toggle-on"></a>
    <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-new-password-error"></p></div>
  </div>`;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function showError(root: HTMLElement, text: string) {
  const error = root.querySelector('.firebaseui-error')!;
  error.textContent = text;
  error.classList.remove('firebaseui-hidden');
}

let root: HTMLElement;
let said: string[];
let langs: string[];
let followed: FollowedWidget;
beforeEach(() => {
  jest.useRealTimers();
  root = document.createElement('div');
  document.body.append(root);
  said = [];
  langs = [];
  document.documentElement.lang = 'ro';
  const lang = () => document.documentElement.lang as 'ro' | 'en';
  followed = followWidget(
    root,
    (text, lang) => {
      said.push(text);
      langs.push(lang);
    },
    // The site's words for two of the widget's messages; the others are its own (English).
    (text) =>
      text === 'Enter your password'
        ? { text: lang() === 'ro' ? 'Introduceți parola.' : 'Enter your password.' }
        : text === 'A network error has occurred'
          ? { text: 'A apărut o eroare de rețea.' }
          : { text, lang: 'en' },
    { text: (english) => WORDS[lang()]![english] ?? null, toggle: () => TOGGLE[lang()] },
  );
});
afterEach(() => {
  followed.stop();
  root.remove();
});

describe("following FirebaseUI's widget", () => {
  it("marks its container with the page's language, where the widget marks it English", async () => {
    expect(root).toHaveAttribute('lang', 'ro');
    root.setAttribute('lang', 'en');
    await settle();
    expect(root).toHaveAttribute('lang', 'ro');
    document.documentElement.lang = 'en';
    followed.retranslate();
    expect(root).toHaveAttribute('lang', 'en');
  });

  it("makes each step's title an h2 (the page has its h1)", async () => {
    root.innerHTML = EMAIL_STEP;
    await settle();
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h2.firebaseui-title')).toHaveTextContent('Intrați în cont cu adresa de email');
  });

  it('ties a shown error to its field and says it', async () => {
    root.innerHTML = EMAIL_STEP;
    await settle();
    const input = root.querySelector('input')!;
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');

    showError(root, "That email address isn't correct");
    await settle();
    const error = root.querySelector('.firebaseui-error')!;
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input).toHaveAccessibleDescription("That email address isn't correct");
    expect(said).toEqual(["That email address isn't correct"]);

    error.classList.add('firebaseui-hidden');
    await settle();
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('ties each error of a step with several fields to its own field', async () => {
    root.innerHTML = `<div class="firebaseui-card-content">
      <div class="firebaseui-textfield"><label for="e">Email</label><input id="e" class="firebaseui-id-email"></div>
      <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-email-error"></p></div>
      <div class="firebaseui-textfield"><label for="n">First &amp; last name</label><input id="n" class="firebaseui-id-name"></div>
      <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-id-name-error">Enter your account name</p></div>
      <div class="firebaseui-textfield"><label for="x">Other</label><input id="x"></div>
      <div class="firebaseui-error-wrapper"><p class="firebaseui-error">Not this one</p></div>
    </div>`;
    await settle();
    expect(root.querySelector('#e')).toHaveAttribute('aria-invalid', 'false');
    expect(root.querySelector('#n')).toHaveAttribute('aria-invalid', 'true');
    expect(root.querySelector('#n')).toHaveAccessibleDescription('Enter your account name');
    expect(root.querySelector('#x')).toHaveAccessibleDescription('Not this one');
  });

  it('says a changed error, and the same error again at each attempt that leaves it', async () => {
    root.innerHTML = EMAIL_STEP;
    showError(root, 'Enter your email address to continue');
    await settle();
    showError(root, "That email address isn't correct");
    await settle();
    expect(said).toEqual(['Enter your email address to continue', "That email address isn't correct"]);

    jest.useFakeTimers();
    root.querySelector<HTMLButtonElement>('.firebaseui-id-submit')!.click();
    jest.advanceTimersByTime(150);
    root.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    jest.advanceTimersByTime(150);
    root.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    jest.advanceTimersByTime(150);
    expect(said.slice(2)).toEqual(["That email address isn't correct", "That email address isn't correct"]);
  });

  it("shows and says a message the site translates in the page's language, and the others in English", async () => {
    root.innerHTML = `<div class="firebaseui-textfield"><label for="pw">Password</label><input id="pw" class="firebaseui-id-password" type="password"></div>
      <div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-hidden firebaseui-id-password-error"></p></div>`;
    await settle();
    const error = root.querySelector<HTMLElement>('.firebaseui-error')!;
    showError(root, 'Enter your password');
    await settle();
    expect(error).toHaveTextContent('Introduceți parola.');
    expect(error).toHaveAttribute('lang', 'ro');
    expect(root.querySelector('#pw')).toHaveAccessibleDescription('Introduceți parola.');
    expect(said).toEqual(['Introduceți parola.']);
    expect(langs).toEqual(['ro']);

    // The widget writes its own words again (a new attempt): translated again, said once more only
    // through the attempt's repeat (not because the text went through English).
    showError(root, "The email and password you entered don't match");
    await settle();
    expect(error).toHaveTextContent("The email and password you entered don't match");
    expect(error).toHaveAttribute('lang', 'en');
    expect(said.slice(1)).toEqual(["The email and password you entered don't match"]);
    expect(langs.slice(1)).toEqual(['en']);
  });

  it("shows and says the info bar's message (errors not tied to a field) in the page's language, its link too", async () => {
    root.innerHTML = `${EMAIL_STEP}<div class="firebaseui-info-bar"><p class="firebaseui-info-bar-message">A network error has occurred&nbsp;&nbsp;<a class="firebaseui-id-dismiss-info-bar" href="javascript:void(0)">Dismiss</a></p></div>`;
    await settle();
    expect(said).toEqual(['A apărut o eroare de rețea.']);
    expect(langs).toEqual(['ro']);
    const bar = root.querySelector('.firebaseui-info-bar-message')!;
    expect(bar).toHaveTextContent('A apărut o eroare de rețea. Închideți mesajul');
    expect(bar).toHaveAttribute('lang', 'ro');
    expect(bar.querySelector('a')).toHaveTextContent('Închideți mesajul');
  });

  it("shows each of the widget's texts in the page's language, the space around it kept, and marks one the site does not know English", async () => {
    root.innerHTML = `${EMAIL_STEP}<p class="firebaseui-text">Follow the instructions sent to <strong>ana@exemplu.ro</strong> to recover your password</p><p class="firebaseui-text">Some new words</p>`;
    await settle();
    expect(root.querySelector('.firebaseui-title')).toHaveTextContent('Intrați în cont cu adresa de email');
    expect(root.querySelector('input')).toHaveAccessibleName('Adresa de email');
    expect(root.querySelector('button')).toHaveAccessibleName('Continuați');
    const [hint, unknown] = root.querySelectorAll('.firebaseui-text');
    expect(hint!.textContent).toBe('Urmați instrucțiunile trimise la ana@exemplu.ro pentru a vă schimba parola.');
    expect(hint).not.toHaveAttribute('lang');
    expect(unknown).toHaveTextContent('Some new words');
    expect(unknown).toHaveAttribute('lang', 'en');
    // Nothing else is marked English.
    expect(root.querySelectorAll('[lang="en"]')).toHaveLength(1);

    // The widget draws its text anew (its next render): translated again.
    root.querySelector('button')!.textContent = 'Next';
    await settle();
    expect(root.querySelector('button')).toHaveTextContent('Continuați');
  });

  it('puts the texts, a message shown and the toggle in the new language when the page changes language', async () => {
    root.innerHTML = `${EMAIL_STEP}${PASSWORD_STEP}<div class="firebaseui-error-wrapper"><p class="firebaseui-error firebaseui-id-password-error">Enter your password</p></div><p class="firebaseui-text">Some new words</p>`;
    await settle();
    expect(root.querySelector('.firebaseui-id-password-error')).toHaveTextContent('Introduceți parola.');
    expect(root.querySelector('.firebaseui-id-password-toggle')).toHaveAccessibleName('Afișați parola');

    document.documentElement.lang = 'en';
    followed.retranslate();
    expect(root.querySelector('.firebaseui-title')).toHaveTextContent('Sign in with your email address');
    expect(root.querySelector('button')).toHaveTextContent('Continue');
    expect(root.querySelector('.firebaseui-id-password-error')).toHaveTextContent('Enter your password.');
    expect(root.querySelector('.firebaseui-id-password-error')).toHaveAttribute('lang', 'en');
    expect(root.querySelector('.firebaseui-id-password-toggle')).toHaveAccessibleName('Show password');
    // On an English page the widget's own words need no mark.
    expect(root.querySelector('.firebaseui-text')).not.toHaveAttribute('lang');

    document.documentElement.lang = 'ro';
    followed.retranslate();
    expect(root.querySelector('.firebaseui-title')).toHaveTextContent('Intrați în cont cu adresa de email');
    expect(root.querySelector('.firebaseui-id-password-error')).toHaveTextContent('Introduceți parola.');
    expect(root.querySelector('.firebaseui-text')).toHaveAttribute('lang', 'en');
  });

  it('names the password toggle, says whether it is pressed, and keeps a keyboard user on it', async () => {
    root.innerHTML = PASSWORD_STEP;
    await settle();
    const toggle = root.querySelector<HTMLElement>('.firebaseui-id-password-toggle')!;
    const input = root.querySelector('input')!;
    // What the widget does when the toggle is activated (a click, or Enter on the link).
    const activate = jest.fn(() => {
      toggle.classList.toggle('firebaseui-input-toggle-on');
      toggle.classList.toggle('firebaseui-input-toggle-off');
      input.focus();
    });
    toggle.addEventListener('click', activate);
    expect(toggle).toHaveAttribute('role', 'button');
    expect(toggle).toHaveAccessibleName('Afișați parola');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // Space, a button's key, presses it (the widget knows only Enter and clicks).
    toggle.focus();
    toggle.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await settle();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.activeElement).toBe(toggle);

    // Enter is left to the widget (no second activation), focus comes back to the toggle.
    toggle.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    activate();
    await settle();
    expect(activate).toHaveBeenCalledTimes(2);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.activeElement).toBe(toggle);
  });
});
