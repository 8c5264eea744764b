// The parts of a page drawn by the server that hydrate later than the rest (./LaterPart.tsx): what
// is used far down the page (the questions' accordion, the newsletter's form), or hidden at first
// (the header's links and controls on a narrow screen), becomes React's when it nears the
// viewport, when the browser is idle, or as soon as the visitor reaches it (a focus, a press),
// whichever comes first, each in work of its own after the page's. Until then it is the server's
// HTML, which the page's early-event script (@site/rendering) guards: what the visitor does in it
// is held, and done again once the part says it has hydrated. No React here.

import { LATER_PART } from './laterPartMarkers';

/** How far below the viewport a part starts to hydrate. */
const NEAR_VIEWPORT = '200px 0px';
/** The longest wait for an idle moment before a part hydrates anyway. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * What a part waits on, as React's `use` reads it: a promise whose status is set as it is released,
 * so a render that comes after the release does not suspend again.
 */
type Wait = Promise<void> & { status: 'pending' | 'fulfilled'; value?: undefined };

interface Gate {
  wait: Wait;
  release(): void;
}

/** The parts held, by name, for the page at `path`; null: none. */
let held: { path: string; gates: Map<string, Gate> } | null = null;

function gateFor(element: HTMLElement): Gate {
  let resolve!: () => void;
  const wait = new Promise<void>((done) => {
    resolve = done;
  }) as Wait;
  wait.status = 'pending';
  const document = element.ownerDocument;
  const view = document.defaultView ?? window;
  // Heard on the document, before React's own listener on the page's root: React stops a focus or a
  // press on a part it has not hydrated from going further.
  const reached = ['focusin', 'pointerdown', LATER_PART.wantedEvent] as const;
  const onReached = (event: Event) => {
    if (event.target instanceof view.Node && element.contains(event.target)) release();
  };
  let observer: IntersectionObserver | undefined;
  let idle: (() => void) | undefined;
  const release = () => {
    if (wait.status === 'fulfilled') return;
    wait.status = 'fulfilled';
    wait.value = undefined;
    observer?.disconnect();
    idle?.();
    for (const name of reached) document.removeEventListener(name, onReached, true);
    resolve();
  };
  // A part's contents are laid out as if the wrapper were not there (display: contents): the
  // observer watches its first element.
  const watched = element.firstElementChild;
  if (typeof view.IntersectionObserver === 'function' && watched) {
    observer = new view.IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), { rootMargin: NEAR_VIEWPORT });
    observer.observe(watched);
  }
  if (typeof view.requestIdleCallback === 'function') {
    const id = view.requestIdleCallback(release, { timeout: IDLE_TIMEOUT_MS });
    idle = () => view.cancelIdleCallback(id);
  } else {
    const id = view.setTimeout(release, 0);
    idle = () => view.clearTimeout(id);
  }
  for (const name of reached) document.addEventListener(name, onReached, true);
  return { wait, release };
}

/**
 * Holds the later parts in `container`, before the page at `path` hydrates there (the shell's start
 * does, only when it hydrates): each then hydrates once it is near the viewport, the browser is
 * idle, or it is focused, pressed or wanted by the early-event script.
 */
export function holdLaterParts(container: ParentNode, path: string): void {
  forgetLaterParts();
  const gates = new Map<string, Gate>();
  for (const part of container.querySelectorAll<HTMLElement>(`[${LATER_PART.attribute}]`)) {
    const name = part.getAttribute(LATER_PART.attribute);
    if (name && !gates.has(name)) gates.set(name, gateFor(part));
  }
  held = { path, gates };
}

/** Releases every part still held and forgets them (at the first navigation: later pages are the browser's own). */
export function forgetLaterParts(): void {
  held?.gates.forEach((gate) => gate.release());
  held = null;
}

/** Releases the part `name`, if it is held (what it was drawn with changed: it is drawn now). */
export function releaseLaterPart(name: string): void {
  held?.gates.get(name)?.release();
}

/** The page the part `name` is held for, while it is held; null: it is not held. */
export function laterPartHeldFor(name: string): string | null {
  const wait = held?.gates.get(name)?.wait;
  return held !== null && wait?.status === 'pending' ? held.path : null;
}

/** What the part `name` of the page at `path` waits on before it hydrates; null: it does not wait. */
export function laterPartWait(name: string, path: string): (Promise<void> & { status: 'pending' }) | null {
  if (held === null || held.path !== path) return null;
  const wait = held.gates.get(name)?.wait;
  return wait && wait.status === 'pending' ? (wait as Promise<void> & { status: 'pending' }) : null;
}
