import { DEFAULT_REMOTES_URL } from '@site/shared-ui/runtime-config';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { withRemotesDocumentPreload } from './preloadHints';
import { SIGNALS } from './signals';

// The HTML template every app's build uses (tools/index.html.cjs), as the shell's build calls it (tools/webpack.cjs).
const template = createRequire(__filename)(join(__dirname, '..', '..', 'tools', 'index.html.cjs')) as (args: unknown) => string;
const shellHtml = template({ htmlWebpackPlugin: { options: { title: 'Vedere', isHost: true, signals: SIGNALS, earlyEvents: '', prePaint: '', remotesUrl: DEFAULT_REMOTES_URL } } });
const preloads = (html: string) => [...html.matchAll(/<link rel="?preload"? href=("[^"]*"|[^\s>]+) as="?fetch"? crossorigin/g)].map((m) => m[1]!.replace(/^"|"$/g, ''));
// The same tag once the production build has minified the HTML.
const minified = '<head><link rel=preload href=/remotes.json as=fetch crossorigin data-remotes-document><script defer src=/config.js></script></head>';

describe('the preload of the remotes document', () => {
  it('is written by the build at the default address', () => {
    expect(preloads(shellHtml)).toEqual(['/remotes.json']);
  });

  it('points where this environment serves the document (REMOTES_URL), once, its address escaped', () => {
    expect(preloads(withRemotesDocumentPreload(shellHtml, 'https://cdn.example/site/remotes.json'))).toEqual(['https://cdn.example/site/remotes.json']);
    expect(preloads(withRemotesDocumentPreload(shellHtml, '/r.json?a=1&b="2"'))).toEqual(['/r.json?a=1&amp;b=&quot;2&quot;']);
    expect(preloads(minified)).toEqual(['/remotes.json']);
    expect(withRemotesDocumentPreload(minified, 'https://cdn.example/remotes.json')).toBe(minified.replace('href=/remotes.json', 'href="https://cdn.example/remotes.json"'));
  });
});
