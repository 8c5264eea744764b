// The site's server's part of rendering (@site/rendering/server): the pages it draws, and what
// the benchmark's single bundle draws its pages with.
export { renderedPages, serverEntryUrl, type ManifestReader, type PageAnswer, type PageRequest, type RenderEntryManifest, type RenderedPagesOptions } from './renderedPages';
export { readForSignedInPage, SIGNED_IN_READS_BUDGET_MS, type SignedInReads } from './signedInReads';
export { pageDocument, deferredScripts, escapeHtml } from './pageDocument';
export { builtinsOnly, compiledBuild, type CompiledBuild, type RequireFunction } from './compiledBuilds';
export { drawnPart, readRouteTable, routeAt, type DrawnPart, type ExposedPage, type RouteTable } from './routeTable';
