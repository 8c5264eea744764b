import { preloadRemote } from '@module-federation/enhanced/runtime';
import { pages } from '../app/routes';
import { likelyNextPages, prefetchLikelyNextPagesWhenIdle } from './prefetch';

jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: jest.fn(async () => undefined), loadRemote: jest.fn(), registerRemotes: jest.fn() }));

describe('prefetching the next likely pages', () => {
  it("takes, from the landing page, the other public pages of the same remote and no other remote's (nor the pages a mail's link opens)", () => {
    expect(likelyNextPages(pages.landing).map((p) => p.module)).toEqual(['./ContactPage', './AboutPage', './AccessibilityPage']);
  });

  it('takes no guarded page (they wait for sign-in), so the sign-in page prefetches nothing', () => {
    expect(likelyNextPages(pages.login)).toEqual([]);
  });

  it('fetches them only once the browser is idle, without running them', () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as unknown as typeof window.requestIdleCallback;
    prefetchLikelyNextPagesWhenIdle(pages.contact);
    expect(preloadRemote).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(preloadRemote).toHaveBeenCalledWith([
      expect.objectContaining({
        nameOrAlias: 'mfe_marketing',
        exposes: ['./LandingPage', './AboutPage', './AccessibilityPage'],
        resourceCategory: 'sync',
      }),
    ]);
  });
});
