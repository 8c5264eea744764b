import { isCrawler } from './isCrawler';

describe('crawler detection (isbot)', () => {
  it('knows the search engines and link previewers', () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ]) {
      expect([userAgent, isCrawler(userAgent)]).toEqual([userAgent, true]);
    }
  });

  it('takes a browser, and Lighthouse measuring the pages, for a visitor', () => {
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe(false);
    expect(isCrawler('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(isCrawler('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Chrome-Lighthouse')).toBe(false);
    expect(isCrawler('')).toBe(false);
  });
});

describe('crawler detection, when it is made', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('isbot');
  });

  it("compiles isbot's patterns at the first question, once, not when the shell's code is evaluated", async () => {
    jest.resetModules();
    const actual = jest.requireActual<typeof import('isbot')>('isbot');
    const isbotPatterns = jest.fn(actual.isbotPatterns);
    jest.doMock('isbot', () => ({ ...actual, isbotPatterns }));
    const { isCrawler: fresh } = await import('./isCrawler');
    expect(isbotPatterns).not.toHaveBeenCalled();
    expect(fresh('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(fresh('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe(false);
    expect(isbotPatterns).toHaveBeenCalledTimes(1);
  });
});
