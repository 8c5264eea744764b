// The site's server's part of rendering (@site/rendering/server): the pages it draws, and what
// the benchmark's single bundle draws its pages with.
export {
  renderedPages,
  PERSONAL_PAGE_TTL_MS,
  type ManifestReader,
  type PageAnswer,
  type PageRequest,
  type RenderEntryManifest,
  type RenderedPagesOptions,
  type ServerSignal,
} from './renderedPages';
export { SIGNED_IN_READS_BUDGET_MS } from './signedInReads';
export { followPageChanges, type PageChanges } from './pageChanges';
export { serviceFetch, type ServiceAnswer } from './serviceFetch';
export { addressIn, pageDocument, deferredScripts, SOCIAL_CARD } from './pageDocument';
export { builtinsOnly, compiledBuild, type BuildSource, type CompiledBuild, type RequireFunction } from './compiledBuilds';
export { checkIntegrity, sriSha256 } from './integrity';
export { drawnPart, readRouteTable, routeAt, type DrawnPart, type ExposedPage, type RouteTable } from './routeTable';
