import { createIsbotFromList, isbotPatterns, list } from 'isbot';

/**
 * Lighthouse is no crawler here: the bench measures the signed-in pages as a user gets them,
 * through the guards (isbot's own README shows this very exception).
 */
const LIGHTHOUSE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';
const notCrawlers = new Set(isbotPatterns(LIGHTHOUSE));
const isbot = createIsbotFromList(list.filter((pattern) => !notCrawlers.has(pattern)));

/** Search-engine crawlers may read protected pages' public shell instead of being sent to /login. */
export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return isbot(userAgent);
}
