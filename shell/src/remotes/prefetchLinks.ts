// The files of a likely next page, fetched once this page is idle (prefetchPage): the federation
// runtime asks for them with <link rel=preload>, a fetch for the page in front of the visitor, which
// Chrome then reports as unused ("preloaded ... but not used within a few seconds": on /contact,
// ten warnings for five files). They are for the next page: <link rel=prefetch> fetches them at the lowest priority into
// the HTTP cache, where that page's scripts find them. prefetchPage is the only preload the shell
// asks the runtime for (a page the visitor shows interest in is loaded, not preloaded: loadAhead).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const PREFETCH_LINKS_PLUGIN = 'site-prefetch-links';

export function prefetchLinksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: PREFETCH_LINKS_PLUGIN,
    // A link the runtime would make to preload a file: the same file, prefetched. The runtime sets no
    // attribute on a link a plugin returns, so every one it asked for is set here, but the kind
    // (rel) and the destination (as: a preload's alone).
    createLink({ url, attrs }) {
      if (attrs?.rel !== 'preload') return undefined;
      const link = document.createElement('link');
      link.setAttribute('href', url);
      for (const [name, value] of Object.entries(attrs)) if (name !== 'rel' && name !== 'as') link.setAttribute(name, String(value));
      link.rel = 'prefetch';
      return link;
    },
  };
}
