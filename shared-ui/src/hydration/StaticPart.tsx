// A part of a page that nothing on it changes (text, pictures, links): the server draws it, and a
// page hydrated in the browser keeps the server's HTML of it as it is, without running its
// components or walking its elements. The rest of the page (forms, the accordion, the header's
// controls) hydrates as before. Drawn again by React, from its components, as soon as what it was
// drawn with changes (the language, the theme) and on any page rendered in the browser.
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from '../router';
import { useDrawnWithOtherwise } from './drawnAsServer';
import { keptStaticPart, STATIC_PART_ATTRIBUTE } from './staticParts';

/** A link a plain click follows within the site (as react-router's Link does), or null. */
function siteLinkOf(event: MouseEvent<HTMLElement>): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest?.('a[href]');
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.getAttribute('target') ?? '_self') !== '_self' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href') as string, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * `children` drawn by the server in a part named `name` (unique on its page; the element adds no box
 * of its own: display contents). Hydrating the server's page, the part is its HTML as the server
 * drew it: the components in it do not run in the browser, and a link in it is followed by the
 * router (a plain click), as its Link would. Drawn by its components once the language or the
 * theme differs from the server's, or when the page is rendered in the browser.
 */
export function StaticPart({ name, children }: { name: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [html] = useState(() => keptStaticPart(name, pathname));
  const changed = useDrawnWithOtherwise();
  if (html === null || changed) {
    return <div {...{ [STATIC_PART_ATTRIBUTE]: name }}>{children}</div>;
  }
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const url = siteLinkOf(event);
    if (!url) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    navigate(to, { replace: to === `${window.location.pathname}${window.location.search}${window.location.hash}` });
  };
  // The server's HTML, given back as it is: React neither compares nor replaces it. The click
  // handler only follows the links inside (a link's own Enter is a click too): the wrapper itself is
  // neither focusable nor a control.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div {...{ [STATIC_PART_ATTRIBUTE]: name }} onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} />;
}
