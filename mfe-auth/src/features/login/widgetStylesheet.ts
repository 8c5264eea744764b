// FirebaseUI's stylesheet (a file of its own: no script), linked as soon as /login draws the
// widget's first step, which wears the widget's classes (SignInWidget.tsx), before FirebaseUI is
// loaded at all.
import stylesheet from 'firebaseui/dist/firebaseui.css';

/**
 * Resolves once the widget's stylesheet applies (or failed), so that the widget is never drawn
 * unstyled and then restyled, which would move the page around it.
 */
export function linkStylesheet(): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[href="${stylesheet}"]`);
  // Applied, or failed for good (its events long past: a later visit to /login in the same page).
  if (existing?.sheet || existing?.dataset.settled) return Promise.resolve();
  const link = existing ?? document.createElement('link');
  const applied = new Promise<void>((resolve) => {
    const settled = () => {
      link.dataset.settled = 'true';
      resolve();
    };
    link.addEventListener('load', settled, { once: true });
    link.addEventListener('error', settled, { once: true });
  });
  if (!existing) {
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
  }
  return applied;
}
