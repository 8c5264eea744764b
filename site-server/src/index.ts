// The site's production server: static serving and caching, the runtime documents (/config.js,
// the remotes document), security headers, preload hints and prerendered pages.
export { deployStoreApp, remoteApp, shellApp, type ShellAppOptions } from './siteServers';
export { robotsTxt, sitemapXml } from './webFiles';
export { createStaticApp } from './staticServer';
export { CONNECTION_LIMITS, listen, type ConnectionLimits, type Listening } from './connections';
export { securityHeaders, inlineScriptHashes } from './securityHeaders';
// For the benchmark's single-bundle baseline, served the same way (bench/single-bundle/serve.mjs).
export { firstVisitTheme, localeOf, looksSignedIn } from './visitor';
// Signed visitor ids: the end-to-end tests sign theirs with local mode's public secret to land in a cohort (production refuses that secret).
export { signedVisitorId } from './visitor';
export { signedInPreconnects } from './preloadHints';
export type { FederationManifest, FederationRuntimeRecord } from './manifests';
