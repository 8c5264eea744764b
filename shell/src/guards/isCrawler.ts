import { createIsbotFromList, isbotPatterns, list } from 'isbot';

/**
 * Lighthouse is no crawler here: the bench measures the signed-in pages as a user gets them,
 * through the guards (isbot's own README shows this very exception).
 */
const LIGHTHOUSE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

let detector: ((userAgent: string) => boolean) | null = null;

/**
 * isbot's list without the patterns Lighthouse's user agent matches. Made at the first question,
 * not when the shell's code is evaluated: finding those patterns compiles each of isbot's
 * hundreds of patterns (about 28 ms of a page's start at Lighthouse's 4× CPU slowdown), and only
 * a signed-out visitor of a protected page is ever asked about.
 */
function crawlerDetector(): (userAgent: string) => boolean {
  if (!detector) {
    const notCrawlers = new Set(isbotPatterns(LIGHTHOUSE));
    detector = createIsbotFromList(list.filter((pattern) => !notCrawlers.has(pattern)));
  }
  return detector;
}

/** Search-engine crawlers may read protected pages' public shell instead of being sent to /login. */
export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return crawlerDetector()(userAgent);
}
