// The names of a later part (./laterParts.ts) in the page's HTML and events, shared with the
// page's early-event script: no DOM here, the servers' programs read it too.

/** The names shared with the early-event script (@site/rendering's markers repeat them, checked by the compiler). */
export const LATER_PART = {
  /** On the part's element: its name, unique on its page. */
  attribute: 'data-later-part',
  /** Set on the part's element once it is React's. */
  hydratedAttribute: 'data-later-part-hydrated',
  /** Dispatched on the part's element by the early-event script: something done in it is held. */
  wantedEvent: 'site:later-part-wanted',
  /** Dispatched on the part's element (it bubbles) once it is React's: what was held is done. */
  hydratedEvent: 'site:later-part-hydrated',
} as const;

export type LaterPartMarkers = typeof LATER_PART;
