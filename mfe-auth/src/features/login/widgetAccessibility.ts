/**
 * What FirebaseUI's markup does not say to a screen reader, added from outside (the widget
 * renders each step afresh and offers no hooks for it):
 * - each step's h1 becomes an h2 (the page has its own h1);
 * - an error shown under a field is tied to it (`aria-invalid`, `aria-describedby`) and said
 *   aloud: when it appears or changes, and again at each attempt that leaves it in place (the
 *   widget focuses the field it already was on, so nothing else would be said);
 * - the info bar (errors not tied to a field) is said aloud when it appears;
 * - an error or info bar the site translates (widgetMessages.ts) is shown and said in the page's
 *   language, marked with its `lang`;
 * - the new-password field's visibility toggle (a link with no text) becomes a named toggle
 *   button, pressed by Enter or Space, that keeps the focus of the keyboard user who pressed it.
 */

/** The widget's own English words for its toggle: the widget is English only (lang="en"). */
export const TOGGLE_LABEL = 'Show password';

const ERROR = '.firebaseui-error';
const INFO_BAR = '.firebaseui-info-bar-message';
const TOGGLE = '.firebaseui-id-password-toggle';
const SUBMIT = '.firebaseui-id-submit';

let nextId = 0;

export function isShown(element: Element): boolean {
  return !element.classList.contains('firebaseui-hidden') && (element.textContent ?? '').trim() !== '';
}

/**
 * The text field an error belongs to: the widget names them in pairs (`firebaseui-id-name-error`
 * under `firebaseui-id-name`); else the field just before the error's wrapper.
 */
function fieldOf(error: Element, root: Element): HTMLInputElement | null {
  const name = [...error.classList].map((c) => /^firebaseui-id-(.+)-error$/.exec(c)?.[1]).find(Boolean);
  const named = name ? root.querySelector<HTMLInputElement>(`input.firebaseui-id-${name}`) : null;
  if (named) return named;
  const wrapper = error.closest('.firebaseui-error-wrapper') ?? error;
  for (let before = wrapper.previousElementSibling; before; before = before.previousElementSibling) {
    const input = before instanceof HTMLInputElement ? before : before.querySelector('input');
    if (input) return input;
  }
  return null;
}

function describe(input: HTMLInputElement, id: string, on: boolean) {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((x) => x && x !== id);
  if (on) ids.push(id);
  if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
  else input.removeAttribute('aria-describedby');
}

function demoteTitles(root: Element) {
  for (const title of root.querySelectorAll('h1')) {
    const h2 = document.createElement('h2');
    h2.className = title.className;
    h2.append(...title.childNodes);
    title.replaceWith(h2);
  }
}

function nameToggle(toggle: HTMLElement) {
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-label', TOGGLE_LABEL);
  // "on" shows the eye (the password is hidden); "off" once it is shown.
  const pressed = String(toggle.classList.contains('firebaseui-input-toggle-off'));
  if (toggle.getAttribute('aria-pressed') !== pressed) toggle.setAttribute('aria-pressed', pressed);
  if (toggle.dataset.keyboard) return;
  toggle.dataset.keyboard = 'on';
  toggle.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    // Enter is the widget's own (the toggle is a link); Space, a button's key, is added.
    if (event.key === ' ') {
      event.preventDefault();
      toggle.click();
    }
    // The widget moves focus to the field; a keyboard user stays on the toggle they pressed.
    setTimeout(() => toggle.focus(), 0);
  });
}

/**
 * Shows `element`'s message as `translate` says it (its text and language). The text put there is
 * remembered, so that the change it makes is not taken for a new message of the widget's; a message
 * the widget writes over it is its own again (English, until translated).
 */
function translateShown(element: HTMLElement, translate: Translate) {
  const now = (element.textContent ?? '').trim();
  if (element.dataset.translated === now) return;
  const said = translate(now);
  if (said.text === now) {
    delete element.dataset.translated;
    element.removeAttribute('lang');
    return;
  }
  element.dataset.translated = said.text;
  element.textContent = said.text;
  element.lang = document.documentElement.lang;
}

/** What the site says for one of the widget's messages (widgetMessages.ts). */
export type Translate = (text: string) => { text: string; lang?: string };

/**
 * Starts following the widget in `root`; `announce` receives each text to say, translated (a
 * repeat is passed again: the caller makes the live region say it again). Answers a function that
 * stops.
 */
export function followWidget(root: HTMLElement, announce: (text: string, lang: string) => void, translate: Translate): () => void {
  let said = '';

  const shownErrors = (): string[] => {
    const texts: string[] = [];
    for (const message of root.querySelectorAll<HTMLElement>(`${ERROR}, ${INFO_BAR}`)) if (isShown(message)) translateShown(message, translate);
    for (const error of root.querySelectorAll<HTMLElement>(ERROR)) {
      error.id ||= `firebaseui-error-${++nextId}`;
      const shown = isShown(error);
      const input = fieldOf(error, root);
      if (input) {
        const invalid = String(shown);
        if (input.getAttribute('aria-invalid') !== invalid) input.setAttribute('aria-invalid', invalid);
        describe(input, error.id, shown);
      }
      if (shown) texts.push(error.textContent!.trim());
    }
    for (const bar of root.querySelectorAll(INFO_BAR)) if (isShown(bar)) texts.push(bar.textContent!.trim());
    return texts;
  };

  /** The language of what is said: the widget's English when one of the messages shown is its own. */
  const langOfShown = () =>
    [...root.querySelectorAll<HTMLElement>(`${ERROR}, ${INFO_BAR}`)].some((message) => isShown(message) && !message.dataset.translated) ? 'en' : document.documentElement.lang;

  const update = () => {
    demoteTitles(root);
    for (const toggle of root.querySelectorAll<HTMLElement>(TOGGLE)) nameToggle(toggle);
    const text = shownErrors().join(' ');
    if (text !== said) {
      said = text;
      if (text) announce(text, langOfShown());
    }
  };

  // An attempt (the step's submit button, or Enter in a field) that leaves the same error: say it
  // again, once the widget has handled the attempt.
  let attempt: ReturnType<typeof setTimeout> | undefined;
  const onAttempt = (event: Event) => {
    const target = event.target as Element;
    const submitted =
      (event.type === 'click' && target.closest(SUBMIT)) || (event.type === 'keydown' && (event as KeyboardEvent).key === 'Enter' && target instanceof HTMLInputElement);
    if (!submitted) return;
    const before = said;
    clearTimeout(attempt);
    attempt = setTimeout(() => {
      update();
      if (said && said === before) announce(said, langOfShown());
    }, 100);
  };

  const observer = new MutationObserver(update);
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  root.addEventListener('click', onAttempt, true);
  root.addEventListener('keydown', onAttempt, true);
  update();
  return () => {
    observer.disconnect();
    clearTimeout(attempt);
    root.removeEventListener('click', onAttempt, true);
    root.removeEventListener('keydown', onAttempt, true);
  };
}
