import { preloadRemote } from '@module-federation/enhanced/runtime';
import { pages, siteRoutes } from '../app/routes';
import { likelyNextPages, prefetchLikelyNextPagesWhenIdle } from './prefetch';

jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: jest.fn(async () => undefined), loadRemote: jest.fn(), registerRemotes: jest.fn() }));

describe('prefetching the next likely pages', () => {
  it("takes, from the landing page, the other public pages of the same remote and no other remote's (nor the pages a mail's link opens)", () => {
    // The route table's public pages (the ones the server draws for anyone), in its order, each once.
    const publicModules = [...new Set(siteRoutes.filter((route) => route.prerender).map((route) => pages[route.page]))];
    const expected = publicModules.filter((page) => page.remote === 'mfe_marketing' && page.module !== './LandingPage').map((page) => page.module);
    expect(expected).toEqual(expect.arrayContaining(['./ContactPage', './AboutPage', './AccessibilityPage', './PrivacyPage', './TermsPage']));
    expect(likelyNextPages(pages.landing).map((p) => p.module)).toEqual(expected);
  });

  it('takes no guarded page (they wait for sign-in), so the sign-in page prefetches nothing', () => {
    expect(likelyNextPages(pages.login)).toEqual([]);
  });

  it('fetches them once the browser is idle, without running them, one page per idle period, each after the last has arrived', async () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as unknown as typeof window.requestIdleCallback;
    const arrived: (() => void)[] = [];
    jest.mocked(preloadRemote).mockImplementation(() => new Promise<void>((resolve) => arrived.push(resolve)));
    const runIdle = () => idle.splice(0).forEach((callback) => callback());
    prefetchLikelyNextPagesWhenIdle(pages.contact);
    expect(preloadRemote).not.toHaveBeenCalled();
    const expected = likelyNextPages(pages.contact).map((p) => p.module);
    expect(expected).toEqual(expect.arrayContaining(['./LandingPage', './AboutPage']));
    for (const [index, module] of expected.entries()) {
      runIdle();
      expect(preloadRemote).toHaveBeenCalledTimes(index + 1);
      expect(preloadRemote).toHaveBeenLastCalledWith([expect.objectContaining({ nameOrAlias: 'mfe_marketing', exposes: [module], resourceCategory: 'sync' })]);
      // The next page waits for this one's files, then for the next idle period.
      runIdle();
      expect(preloadRemote).toHaveBeenCalledTimes(index + 1);
      arrived.shift()!();
      await Promise.resolve();
      await Promise.resolve();
      expect(preloadRemote).toHaveBeenCalledTimes(index + 1);
    }
    runIdle();
    expect(preloadRemote).toHaveBeenCalledTimes(expected.length);
  });
});
