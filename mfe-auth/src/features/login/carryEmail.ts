import { WIDGET } from './widgetSettings';

/** Resolves with the first element matching `selector` in `root`, now or once it appears. */
export function whenElement<T extends Element>(root: Element, selector: string): Promise<T> {
  const found = root.querySelector<T>(selector);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = root.querySelector<T>(selector);
      if (element) {
        observer.disconnect();
        resolve(element);
      }
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

/**
 * Hands the email typed in the page's own field to the widget's email step and submits that
 * step, so the user continues in the widget (password, or a new account) without typing it
 * again; focus goes to the widget's next field.
 */
export async function carryEmailIntoWidget(container: HTMLElement, email: string): Promise<void> {
  const { selectors } = WIDGET;
  const choose = container.querySelector<HTMLButtonElement>(selectors.chooseEmail);
  choose?.click();
  const input = await whenElement<HTMLInputElement>(container, selectors.email);
  input.value = email;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  container.querySelector<HTMLButtonElement>(selectors.next)?.click();
  const next = await whenElement<HTMLInputElement>(container, selectors.nextStepField);
  next.focus();
}
