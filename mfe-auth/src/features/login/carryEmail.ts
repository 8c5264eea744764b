import { isShown, messageOf } from './widgetAccessibility';
import { WIDGET } from './widgetSettings';

/** Resolves with the first element matching `selector` in `root`, now or once it appears. */
export function whenElement<T extends Element>(root: Element, selector: string): Promise<T> {
  return whenFound(root, () => root.querySelector<T>(selector));
}

/** Resolves with what `find` finds in `root`, now or after one of its changes. */
function whenFound<T>(root: Element, find: () => T | null | undefined): Promise<T> {
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const now = find();
      if (now) {
        observer.disconnect();
        resolve(now);
      }
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * FirebaseUI's answer to its email step: the field of its next step, or the message it shows
 * instead (`translated`: already in the page's language, widgetAccessibility.ts having got to it first).
 */
export type Carried = { next: HTMLInputElement } | { refused: string; translated: boolean };

/**
 * Submits `email` to the widget's email step (out of sight: the page's own step is what the
 * visitor sees, SignInWidget.tsx), and resolves with the widget's answer: its next step's field
 * (the password, or a new account's name), or the message it shows on its email step (under the
 * field, or in its info bar), whose translation the page then shows on its own step.
 */
export async function carryEmailIntoWidget(container: HTMLElement, email: string): Promise<Carried> {
  const { selectors } = WIDGET;
  container.querySelector<HTMLButtonElement>(selectors.chooseEmail)?.click();
  // A message left from an earlier attempt is not this attempt's answer.
  container.querySelector<HTMLElement>(selectors.dismissInfoBar)?.click();
  const input = await whenElement<HTMLInputElement>(container, selectors.email);
  input.value = email;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  container.querySelector<HTMLButtonElement>(selectors.next)?.click();
  return whenFound<Carried>(container, () => {
    const next = container.querySelector<HTMLInputElement>(selectors.nextStepField);
    if (next) return { next };
    const message = [...container.querySelectorAll<HTMLElement>(selectors.messages)].find(isShown);
    if (!message) return null;
    const text = messageOf(message);
    return { refused: text, translated: message.dataset.translated === text };
  });
}
