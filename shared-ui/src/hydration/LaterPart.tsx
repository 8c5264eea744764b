// A part of a page that is used, but far down it (the questions' accordion, the newsletter's form)
// or hidden at first (the header's links and controls on a narrow screen): the server draws it,
// and a page hydrated in the browser leaves it the server's HTML until it is near the viewport,
// the browser is idle, or the visitor reaches it (./laterParts.ts), then hydrates it on its own.
// What the visitor does in it meanwhile is held by the page's early-event script and done once it
// has hydrated. Drawn at once by React everywhere else (a page rendered in the browser, after a
// navigation), and as soon as the language or the theme changes, or the visitor moves on to
// another page while it is still held (a part that stays, as the header's do).
import { type ReactNode, Suspense, use, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from '../router';
import { useDrawnWithOtherwise } from './drawnAsServer';
import { LATER_PART } from './laterPartMarkers';
import { laterPartHeldFor, laterPartWait, releaseLaterPart } from './laterParts';

function Part({ name, path, children }: { name: string; path: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  // In the commit that makes it React's, before any event reaches it: held events are done now.
  useLayoutEffect(() => {
    const part = element.current as HTMLDivElement;
    part.setAttribute(LATER_PART.hydratedAttribute, '');
    part.dispatchEvent(new Event(LATER_PART.hydratedEvent, { bubbles: true }));
  }, []);
  // Suspends the part's hydration (its server HTML stays) until the part is released. After the
  // hooks: a part released while React is still hydrating the page is replayed from where it
  // suspended, with its hooks of then; it is no longer held, and calls `use` no more.
  const wait = laterPartWait(name, path);
  if (wait) use(wait);
  return (
    <div {...{ [LATER_PART.attribute]: name }} ref={element}>
      {children}
    </div>
  );
}

/**
 * `children`, a part named `name` (unique on its page; the element adds no box of its own: display
 * contents) that hydrates after the rest of the page: see ./laterParts.ts for when.
 */
export function LaterPart({ name, children }: { name: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const changed = useDrawnWithOtherwise();
  const [redrawn, setRedrawn] = useState(false);
  // A part still held when what it was drawn with changes (the language, the theme), or when the
  // visitor has moved on to another page and the part is one that stays (the header's), cannot
  // become the server's HTML any more: it is released, and its boundary replaced by one React draws
  // afresh in the same commit (never empty in between, never reported as a mismatch; left held,
  // React would try to hydrate it for the next page, and hold the move up until it could). One
  // already hydrated is only drawn again, keeping its state.
  const heldFor = laterPartHeldFor(name);
  if (!redrawn && heldFor !== null && (changed || heldFor !== pathname)) {
    releaseLaterPart(name);
    setRedrawn(true);
  }
  return (
    <Suspense key={redrawn ? 'redrawn' : 'drawn'} fallback={null}>
      <Part name={name} path={pathname}>
        {children}
      </Part>
    </Suspense>
  );
}
