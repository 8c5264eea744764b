// A signed-in page's handed-over state (contract.ts, HandedOverState) in the server's HTML (the
// browser takes it back: ../shell/takeHandedOverState.ts): JSON in a data script element (type="application/json": never run, so the page's script
// policy has nothing to allow), written so that no value can end the element or the document's
// text early, whatever the user's name or the service's answers hold.
import { MARKERS, type HandedOverState } from '../contract';

/**
 * JSON that stays inside a script element: `<` (a "</script>" in a name, or "<!--"), `>` and `&`
 * as their \u escapes, and the line and paragraph separators (U+2028, U+2029) too, which some
 * older parsers of JavaScript took for line ends. JSON.parse reads it back unchanged.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data script element holding a signed-in page's handed-over state. */
export const handedOverStateElement = (state: HandedOverState): string =>
  `<script type="application/json" id="${MARKERS.handedOverStateId}">${jsonForScriptElement(state)}</script>`;
