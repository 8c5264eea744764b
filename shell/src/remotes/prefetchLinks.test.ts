import { prefetchLinksPlugin } from './prefetchLinks';

const hook = prefetchLinksPlugin().createLink as unknown as (args: { url: string; attrs?: Record<string, string> }) => HTMLLinkElement | undefined;

describe("the files of a likely next page, as the federation runtime's preload asks for them", () => {
  it('are prefetched (the lowest priority, for a next page), not preloaded for this one', () => {
    const link = hook({ url: 'http://localhost:3001/__federation_expose_AboutPage.1a2b.js', attrs: { rel: 'preload', as: 'script', fetchpriority: 'low' } });
    expect(link).toBeInstanceOf(HTMLLinkElement);
    expect(link?.rel).toBe('prefetch');
    expect(link?.getAttribute('href')).toBe('http://localhost:3001/__federation_expose_AboutPage.1a2b.js');
    // Every other attribute the runtime asked for is kept; a preload's destination is not a prefetch's.
    expect(link?.getAttribute('fetchpriority')).toBe('low');
    expect(link?.hasAttribute('as')).toBe(false);
  });

  it('leave any other link to the runtime (a stylesheet, a module preload)', () => {
    expect(hook({ url: 'http://localhost:3001/page.css', attrs: { rel: 'stylesheet', type: 'text/css' } })).toBeUndefined();
    expect(hook({ url: 'http://localhost:3001/page.mjs', attrs: { rel: 'modulepreload' } })).toBeUndefined();
    expect(hook({ url: 'http://localhost:3001/page.js' })).toBeUndefined();
  });
});
