// The browser's side of a signed-in page's handed-over state (../handedOverState.ts writes it).
import { MARKERS, type HandedOverState } from '../contract';

/** The state the server handed over with this document, or null (a public page, a page drawn by the browser, a broken element). */
export function readHandedOverState(doc: Document = document): HandedOverState | null {
  const text = doc.getElementById(MARKERS.handedOverStateId)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<HandedOverState> | null;
    return state && typeof state.session?.uid === 'string' && state.queries ? (state as HandedOverState) : null;
  } catch {
    return null;
  }
}
