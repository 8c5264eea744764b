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
   * drawn for (another language or theme, signed in or not as the HTML has it); the page is hidden
   * and rendered afresh.
   */
  freshRenderAttribute: 'data-prerender',
  /**
   * On <html>: the prerendered HTML was drawn for a visitor who looks signed in (the login
   * cookie), as the browser's first render draws it before the session is known: a public page
   * (the header offering the account), or a signed-in page's layout around its loading status.
   * Without it, the HTML is a public page drawn for a visitor who does not look signed in.
   */
  signedInDocumentAttribute: 'data-drawn-signed-in',
  /** Dispatched on document once the page is React's: held early events are replayed. */
  hydratedEvent: 'site:hydrated',
  /** On <html>, "true" once held events were handed to the hydrated page ("false" if it never hydrated). */
  hydratedAttribute: 'data-hydrated',
} as const;
