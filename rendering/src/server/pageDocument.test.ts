/** @jest-environment node */
import { MARKERS } from '../contract';
import { checkIndexHtml, pageDocument } from './pageDocument';

const index = '<!doctype html><html lang=ro><head><title>Vedere</title></head><body><div id=root></div><script defer src=main.js></script></body></html>';

it('puts the page in #root, its styles in the head, and names the path and the build it was rendered from', () => {
  const html = pageDocument(index, {
    path: '/',
    manifestUrl: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json?a=1&b="2"',
    html: '<h1>Bun venit</h1>',
    styles: '<style data-styled>h1{}</style>',
  });
  expect(html).toContain(
    `<div id="root" ${MARKERS.prerenderedAttribute}="/" ${MARKERS.renderedManifestAttribute}="https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json?a=1&amp;b=&quot;2&quot;"><h1>Bun venit</h1></div>`,
  );
  expect(html.indexOf('<style data-styled>')).toBeLessThan(html.indexOf('</head>'));
  // The entry script is not in the HTML: the page's loader adds it once the page has been drawn.
  expect(html).not.toContain('<script defer src=main.js>');
  expect(html).toContain('s.src="main.js"');
});

it("names the document by the page's title, as the browser's render does, its text escaped; without one, by the site's", () => {
  const page = { path: '/contact', manifestUrl: 'https://cdn.example/m.json', html: '<h1>Contact</h1>', styles: '' };
  const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
  expect(title(pageDocument(index, { ...page, title: 'Contact · Vedere' }))).toBe('Contact · Vedere');
  expect(title(pageDocument(index, { ...page, title: 'Q&A <beta> · Vedere' }))).toBe('Q&amp;A &lt;beta&gt; · Vedere');
  expect(title(pageDocument(index, page))).toBe('Vedere');
  expect(title(pageDocument(index, { ...page, title: null }))).toBe('Vedere');
});

it("marks a signed-in page's HTML (its layout around the loading status) as drawn for a signed-in visitor, with no remote build named", () => {
  const html = pageDocument(index, { path: '/pricing', html: '<header></header><main><p role="status">Se încarcă…</p></main>', styles: '', signedIn: true });
  expect(html).toContain(`<html ${MARKERS.signedInDocumentAttribute} lang="ro">`);
  expect(html).toContain(`<div id="root" ${MARKERS.prerenderedAttribute}="/pricing"><header>`);
  expect(html).not.toContain(MARKERS.renderedManifestAttribute);
  // Not marked: a page drawn for a visitor who does not look signed in.
  expect(pageDocument(index, { path: '/', manifestUrl: 'https://cdn.example/m.json', html: '', styles: '' })).not.toContain(MARKERS.signedInDocumentAttribute);
});

it("says the language it was drawn in, the one the pre-paint script compares the visitor's with", () => {
  const page = { path: '/contact', manifestUrl: 'https://cdn.example/m.json', html: '<h1>Contact</h1>', styles: '' };
  expect(pageDocument(index, page)).toMatch(/^<!doctype html><html lang="ro"><head>/);
  expect(pageDocument(index, { ...page, locale: 'en' })).toMatch(/^<!doctype html><html lang="en"><head>/);
  expect(
    pageDocument('<!doctype html><html lang="ro" data-theme="dark"><head><title>V</title></head><body><div id=root></div><script defer src=main.js></script></body></html>', {
      ...page,
      locale: 'en',
    }),
  ).toContain('<html lang="en" data-theme="dark">');
});

it('refuses an index.html it cannot put a page in', () => {
  expect(() => checkIndexHtml('<div id="root">x</div><script defer src=main.js></script>', 'index.html')).toThrow(/no empty #root/);
  expect(() => checkIndexHtml('<div id=root></div>', 'index.html')).toThrow(/no deferred main.js/);
  expect(() => checkIndexHtml('<div id=root></div><script defer src=main.js></script>', 'index.html')).toThrow(/no <html> tag/);
  expect(() => checkIndexHtml('<html><div id=root></div><script defer src=main.js></script>', 'index.html')).toThrow(/has no lang/);
  expect(() => checkIndexHtml(index, 'index.html')).not.toThrow();
});

it("puts a signed-in page's handed-over state after #root, before the entry's loader, as data no value can break out of", () => {
  const handedOver = { session: { uid: 'u1', email: 'ana@exemplu.ro', name: '</script><script>alert(1)</script>' }, queries: { queries: [], mutations: [] } };
  const html = pageDocument(index, { path: '/account', manifestUrl: 'https://cdn.example/m.json', html: '<h1>Bine ați venit</h1>', styles: '', signedIn: true, handedOver });
  const element = `<script type="application/json" id="${MARKERS.handedOverStateId}">`;
  expect(html.indexOf(element)).toBeGreaterThan(html.indexOf('Bine ați venit</h1></div>'));
  expect(html.indexOf(element)).toBeLessThan(html.indexOf('s.src="main.js"'));
  expect(html).not.toContain('</script><script>alert(1)');
  // Nothing of a state on any other page.
  expect(pageDocument(index, { path: '/', manifestUrl: 'https://cdn.example/m.json', html: '', styles: '' })).not.toContain(MARKERS.handedOverStateId);
});

describe("a public page's head", () => {
  const indexWithDescription =
    '<!doctype html><html lang=ro><head><title>Vedere</title><meta name="description" content="The site."></head><body><div id=root></div><script defer src=main.js></script></body></html>';
  const page = {
    path: '/contact',
    manifestUrl: 'https://cdn.example/m.json',
    html: '<h1>Contact</h1>',
    styles: '',
    title: 'Contact · Vedere',
    description: 'Write to us & "we" answer.',
  };
  const head = (locale: 'ro' | 'en') => pageDocument(indexWithDescription, { ...page, locale, siteOrigin: 'https://vedere.example' });

  it('says what the page is about, in its own words', () => {
    expect(head('ro')).toContain('<meta name="description" content="Write to us &amp; &quot;we&quot; answer.">');
    expect(head('ro')).not.toContain('The site.');
    expect(pageDocument(indexWithDescription, { ...page, description: null })).toContain('<meta name="description" content="The site.">');
  });

  it('names its canonical address in its language, and its address in each language (x-default the Romanian one)', () => {
    for (const [locale, canonical] of [
      ['ro', 'https://vedere.example/contact'],
      ['en', 'https://vedere.example/contact?lang=en'],
    ] as const) {
      const html = head(locale);
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain('<link rel="alternate" hreflang="ro" href="https://vedere.example/contact">');
      expect(html).toContain('<link rel="alternate" hreflang="en" href="https://vedere.example/contact?lang=en">');
      expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://vedere.example/contact">');
      expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
    }
  });

  it('has a social preview: its title, description, language and the site card', () => {
    const html = head('en');
    expect(html).toContain('<meta property="og:title" content="Contact · Vedere">');
    expect(html).toContain('<meta property="og:description" content="Write to us &amp; &quot;we&quot; answer.">');
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain('<meta property="og:locale:alternate" content="ro_RO">');
    expect(html).toContain('<meta property="og:image" content="https://vedere.example/social-card.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('is written only where the site knows its origin (a public page)', () => {
    const html = pageDocument(indexWithDescription, page);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:');
  });
});
