/** Search-engine crawlers may read protected pages' public shell instead of being sent to /login. */
const CRAWLER = /bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|duckduckbot|yandex|baiduspider/i;

export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return CRAWLER.test(userAgent);
}
