import { findHashTarget, focusElement, requestFocusAfterNavigation, useLocation } from '@site/shared-ui';
import { useLayoutEffect, useRef } from 'react';

/**
 * On every navigation: start at the top, then move focus to the new page's h1 (or to the section
 * named by the hash) once that page has rendered. The first load keeps the browser's own focus.
 */
export function FocusOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const previous = useRef<{ pathname: string; key: string } | null>(null);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname, key };
    if (before === null) {
      if (hash) requestFocusAfterNavigation(hash);
      return;
    }
    if (before.key === key) return;
    if (before.pathname !== pathname) {
      window.scrollTo(0, 0);
      requestFocusAfterNavigation(hash);
      return;
    }
    // Same page, new hash (the header's "features" link while on /): the section is there already.
    const section = findHashTarget(hash);
    if (section) focusElement(section);
  }, [pathname, hash, key]);

  return null;
}
