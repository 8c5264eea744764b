// The server's HTML of a page's static parts (./StaticPart.tsx), kept as the page's hydration
// found it. No React here: the page template's global rules name the attribute too.

/** The attribute that names a static part in the server's HTML (its value: the part's name, unique on its page). */
export const STATIC_PART_ATTRIBUTE = 'data-static-part';

/** The server's HTML of each static part, by name, for the page at `path`; null: nothing kept. */
let kept: { path: string; parts: Map<string, string> } | null = null;

/**
 * Keeps the server's HTML of the static parts in `container`, before the page at `path` hydrates
 * there (the shell's start does, only when it hydrates): each part then hydrates as that HTML,
 * untouched.
 */
export function keepStaticParts(container: ParentNode, path: string): void {
  const parts = new Map<string, string>();
  for (const part of container.querySelectorAll<HTMLElement>(`[${STATIC_PART_ATTRIBUTE}]`)) {
    const name = part.getAttribute(STATIC_PART_ATTRIBUTE);
    if (name && !parts.has(name)) parts.set(name, part.innerHTML);
  }
  kept = { path, parts };
}

/** Forgets the server's HTML (at the first navigation: the pages after it are the browser's own). */
export function forgetStaticParts(): void {
  kept = null;
}

/** The server's HTML of the part `name` of the page at `path`, if it was kept. */
export const keptStaticPart = (name: string, path: string): string | null => (kept !== null && kept.path === path ? (kept.parts.get(name) ?? null) : null);
