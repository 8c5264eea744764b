/**
 * Focus after navigation. The shell asks for it when the route changes (in a layout effect, so
 * before any page's effects run); the new page's h1 takes it when it mounts, which for a remote
 * page is only once its code has loaded. A hash in the URL sends focus to that section instead.
 */
let pending: { hash: string } | null = null;

export function requestFocusAfterNavigation(hash: string): void {
  pending = { hash };
}

/** Whether a navigation's page is on its way: its h1 will take the focus, and say where the visitor is, once it mounts. */
export function isArriving(): boolean {
  return pending !== null;
}

export function focusElement(element: HTMLElement, { scroll = true } = {}): void {
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  if (scroll) element.scrollIntoView?.({ block: 'start' });
}

export function findHashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  return document.getElementById(decodeURIComponent(hash.slice(1)));
}

/** Called by PageHeading when it mounts. */
export function consumeNavigationFocus(heading: HTMLElement): void {
  if (!pending) return;
  const { hash } = pending;
  pending = null;
  const section = findHashTarget(hash);
  if (section) focusElement(section);
  else focusElement(heading, { scroll: false });
}
