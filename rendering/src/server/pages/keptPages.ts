// Pages drawn once and kept, for anyone whose request asks for the same (a public page of one
// version, language and sign-in hint; a signed-in page's loading status; the not-found page): the
// least recently served dropped first, a failed drawing tried again after a while.
import { LRUCache } from 'lru-cache';
import type { DrawnPart } from '../routeTable';
import type { Drawn, PageAnswer } from './pageTypes';

/** Pages kept: public pages × versions in force × the sign-in hint × languages; the least recently served is dropped first. */
export const MAX_PAGES = 64;
/** How long a page whose drawing failed is served empty before it is drawn again. */
export const FAILED_PAGE_RETRY_MS = 10_000;

export function keptPages({ maxPages = MAX_PAGES, log }: { maxPages?: number; log: (message: string) => void }) {
  const kept = new LRUCache<string, Promise<Drawn | null>>({ max: maxPages });
  /** The page under `key`, drawn by `work` once (a failure: null, said in the log, and drawn again after FAILED_PAGE_RETRY_MS), and kept. */
  return (key: string, path: string, work: () => Promise<Drawn>, source: string): Promise<Drawn | null> => {
    let page = kept.get(key);
    if (!page) {
      const rendering: Promise<Drawn | null> = work().catch((error: Error) => {
        log(`${path} is served empty: rendering it from ${source} failed: ${error.stack ?? error.message}`);
        if (kept.peek(key) === rendering) kept.set(key, rendering, { ttl: FAILED_PAGE_RETRY_MS });
        return null;
      });
      page = rendering;
      kept.set(key, page);
    }
    return page;
  };
}

/** A kept page as the server answers it (anyone's: not personal), or null to serve the page empty. */
export const keptAnswer = (page: Drawn | null, drawn: DrawnPart): PageAnswer | null => (page === null ? null : { ...page, drawn, personal: false });
