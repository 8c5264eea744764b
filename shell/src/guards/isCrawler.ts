/**
 * The search engines' crawlers (docs/product.md, "Guards": a search-engine crawler that is not signed in
 * reads a protected page's public shell instead of being sent to /login), by the tokens of their
 * own published user agents: Google (Googlebot, its inspection tool and Storebot), Bing (bingbot,
 * msnbot, AdIdxBot), DuckDuckGo, Yandex, Apple, Baidu, Yahoo, Seznam, Qwant and Petal. Not every
 * bot: a headless browser, curl, a script's HTTP library, an uptime monitor or Lighthouse is a
 * visitor, sent to /login like anyone signed out.
 */
const SEARCH_ENGINE_CRAWLER =
  /\b(?:googlebot(?:-image|-news|-video)?|google-inspectiontool|storebot-google|bingbot|msnbot|adidxbot|duckduckbot(?:-https)?|yandex(?:bot|mobilebot|images)|applebot|baiduspider|yahoo! slurp|seznambot|qwantbot|petalbot)\b/i;

/** Whether a user agent is a search engine's crawler. */
export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return SEARCH_ENGINE_CRAWLER.test(userAgent);
}
