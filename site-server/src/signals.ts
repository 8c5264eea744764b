/**
 * The signals between the site's server, the HTML it serves and the shell running in the
 * browser: one name each, imported by every side (the server, the shell, the HTML template, the
 * early-event script, the end-to-end tests). Nothing here may import anything: the browser build
 * and the build configuration read it too.
 */
export const SIGNALS = {
  /** On #root: the path whose page the HTML holds, prerendered; the shell hydrates it. */
  prerenderedAttribute: 'data-prerendered',
  /** On #root: the federation manifest of the remote build the page was rendered from. */
  renderedManifestAttribute: 'data-rendered-manifest',
  /**
   * On <html>, value "skip": the pre-paint script found a visitor the prerendered HTML was not
   * drawn for (another language or theme, signed in); the page is hidden and rendered afresh.
   */
  freshRenderAttribute: 'data-prerender',
  /**
   * On the shell's <link rel=preload> of the remotes document: the server points its href at the
   * configured address (REMOTES_URL), which the build cannot know.
   */
  remotesDocumentAttribute: 'data-remotes-document',
  /** Dispatched on document once the page is React's: held early events are replayed. */
  hydratedEvent: 'site:hydrated',
  /** On <html>, "true" once held events were handed to the hydrated page ("false" if it never hydrated). */
  hydratedAttribute: 'data-hydrated',
} as const;
