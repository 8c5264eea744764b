/**
 * What FirebaseUI's markup does not say to a screen reader, added from outside (the widget
 * renders each step afresh and offers no hooks for it):
 * - each step's h1 becomes an h2 (the page has its h1);
 * - an error shown under a field is tied to it (`aria-invalid`, `aria-describedby`) and said
 *   aloud: when it appears or changes, and again at each attempt that leaves it in place (the
 *   widget focuses the field it already was on, so nothing else would be said);
 * - the info bar (errors not tied to a field) is said aloud when it appears;
 * - an error or info bar the site translates (widgetMessages.ts) is shown and said in the page's
 *   language, marked with its `lang`; one it does not is marked English;
 * - every other text of the widget's (titles, labels, buttons, links, hints: widgetTexts.ts) is
 *   shown in the page's language as the widget draws it, again if the page changes language; a
 *   text the site does not know stays the widget's, its element marked English; the container is
 *   marked with the page's language (the widget marks it English when it starts);
 * - the new-password field's visibility toggle (a link with no text) becomes a named toggle
 *   button, pressed by Enter or Space, that keeps the focus of the keyboard user who pressed it.
 */

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

function nameToggle(toggle: HTMLElement, label: string) {
  toggle.setAttribute('role', 'button');
  if (toggle.getAttribute('aria-label') !== label) toggle.setAttribute('aria-label', label);
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

/** The page's language (i18n keeps it on <html>). */
const pageLang = () => document.documentElement.lang;

/** Marks `element` English (the widget's own words) on a page in another language, or unmarks it. */
function markEnglish(element: HTMLElement, english: boolean) {
  if (english && pageLang() !== 'en') {
    if (element.lang !== 'en') element.lang = 'en';
  } else if (element.hasAttribute('lang')) element.removeAttribute('lang');
}

/**
 * The text of a message: an error's whole text (the widget writes it as one text), the info bar's
 * before its Dismiss link.
 */
function messageText(element: HTMLElement): Text | null {
  const first = element.firstChild;
  return first instanceof Text ? first : null;
}

/** A message's words: its text, without the space the widget puts around it (the info bar's no-break spaces). */
export const messageOf = (element: HTMLElement) => (messageText(element)?.data ?? '').trim();

/** Each message the site has put in the page's language: the widget's own words, and what was shown instead. */
const translatedMessages = new WeakMap<HTMLElement, { english: string; shown: string }>();

/**
 * Shows `element`'s message as `translate` says it (its text and language). The text put there is
 * remembered (`data-translated`), so that the change it makes is not taken for a new message of the
 * widget's, and translated again from the widget's words if the page changes language; a message
 * the widget writes over it is its own again (English, until translated).
 */
function translateShown(element: HTMLElement, translate: Translate) {
  const text = messageText(element);
  const now = messageOf(element);
  if (!text) return;
  const known = translatedMessages.get(element);
  const english = known && known.shown === now ? known.english : now;
  const said = translate(english);
  if (said.text === english) {
    translatedMessages.delete(element);
    delete element.dataset.translated;
    markEnglish(element, said.lang === 'en');
    return;
  }
  translatedMessages.set(element, { english, shown: said.text });
  element.dataset.translated = said.text;
  if (said.text !== now) text.data = text.data.replace(now, said.text);
  if (element.lang !== pageLang()) element.lang = pageLang();
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** Each text of the widget's the site has put in the page's language: the widget's own words, and what was shown instead. */
const translatedTexts = new WeakMap<Text, { english: string; shown: string }>();

/**
 * Puts each of the widget's texts under `root` in the page's language (`words`: the site's words for
 * the widget's, or null), but for its messages (translateShown). A text the widget writes anew is
 * its own English again, to translate; one already translated is translated again from its English
 * (the page may have changed language since).
 */
function translateTexts(root: HTMLElement, words: WidgetWords['text']) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    const parent = text.parentElement!;
    // An address the widget names (the visitor's own) is in no language.
    if (parent.closest(ERROR) || parent.matches(INFO_BAR) || !text.data.trim() || ADDRESS.test(text.data.trim())) continue;
    const known = translatedTexts.get(text);
    const english = known && known.shown === text.data ? known.english : text.data;
    const said = words(english.trim());
    if (parent !== root) markEnglish(parent, said === null);
    if (said === null) {
      translatedTexts.delete(text);
      continue;
    }
    // The space around the widget's words stays (a hint's two parts around the address it names).
    const shown = english.replace(english.trim(), said);
    translatedTexts.set(text, { english, shown });
    if (text.data !== shown) text.data = shown;
  }
}

/** What the site says for one of the widget's messages (widgetMessages.ts). */
export type Translate = (text: string) => { text: string; lang?: string };

/** The site's words for the widget's, in the page's language. */
export interface WidgetWords {
  /** For one of its texts (widgetTexts.ts): the site's words, or null for a text the site does not know. */
  text: (english: string) => string | null;
  /** The password toggle's name (the widget gives it none). */
  toggle: () => string;
}

export interface FollowedWidget {
  stop: () => void;
  /** Puts the widget's texts in the page's language again (after it changed language). */
  retranslate: () => void;
}

/**
 * Starts following the widget in `root`; `announce` receives each text to say, translated (a
 * repeat is passed again: the caller makes the live region say it again); `translate` gives the
 * site's words for its messages, `words` for its other texts.
 */
export function followWidget(root: HTMLElement, announce: (text: string, lang: string) => void, translate: Translate, words: WidgetWords): FollowedWidget {
  let said = '';

  const shownErrors = (): string[] => {
    const texts: string[] = [];
    for (const message of root.querySelectorAll<HTMLElement>(`${ERROR}, ${INFO_BAR}`)) if (isShown(message)) translateShown(message, translate);
    translateTexts(root, words.text);
    for (const error of root.querySelectorAll<HTMLElement>(ERROR)) {
      error.id ||= `firebaseui-error-${++nextId}`;
      const shown = isShown(error);
      const input = fieldOf(error, root);
      if (input) {
        const invalid = String(shown);
        if (input.getAttribute('aria-invalid') !== invalid) input.setAttribute('aria-invalid', invalid);
        describe(input, error.id, shown);
      }
      if (shown) texts.push(messageOf(error));
    }
    for (const bar of root.querySelectorAll<HTMLElement>(INFO_BAR)) if (isShown(bar)) texts.push(messageOf(bar));
    return texts;
  };

  /** The language of what is said: the widget's English when one of the messages shown is its own. */
  const langOfShown = () =>
    [...root.querySelectorAll<HTMLElement>(`${ERROR}, ${INFO_BAR}`)].some((message) => isShown(message) && !message.dataset.translated) ? 'en' : pageLang();

  const update = () => {
    // The widget marks its container with its own language (English) when it starts: the page's, as its texts now are.
    if (root.lang !== pageLang()) root.lang = pageLang();
    demoteTitles(root);
    for (const toggle of root.querySelectorAll<HTMLElement>(TOGGLE)) nameToggle(toggle, words.toggle());
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
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'lang'] });
  root.addEventListener('click', onAttempt, true);
  root.addEventListener('keydown', onAttempt, true);
  update();
  return {
    stop: () => {
      observer.disconnect();
      clearTimeout(attempt);
      root.removeEventListener('click', onAttempt, true);
      root.removeEventListener('keydown', onAttempt, true);
    },
    retranslate: update,
  };
}
