// The browser's side of a signed-in page's handed-over state (../server/handedOverStateElement.ts writes it).
import { MARKERS, type HandedOverState } from '../contract';

/**
 * The state the server handed over with this document, taken out of it (the user's data does not
 * stay in the page once read: not after a sign-out, not for whoever uses the browser next), or null
 * (a public page, a page drawn by the browser, an element that does not hold such a state).
 */
export function takeHandedOverState(doc: Document = document): HandedOverState | null {
  const element = doc.getElementById(MARKERS.handedOverStateId);
  const text = element?.textContent;
  element?.remove();
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<HandedOverState> | null;
    return state && typeof state.session?.uid === 'string' && Array.isArray(state.queries?.queries) ? (state as HandedOverState) : null;
  } catch {
    return null;
  }
}
