// The site's production server: static serving and caching, the runtime documents (/config.js,
// the remotes document), security headers, preload hints and prerendered pages.
export { ROBOTS, deployStoreApp, remoteApp, shellApp, type ShellAppOptions } from './siteServers';
export { createStaticApp, listen, type Listening } from './staticServer';
export { securityHeaders, inlineScriptHashes } from './securityHeaders';
export { SIGNALS } from './signals';
// For the benchmark's single-bundle baseline, prerendered the same way (bench/run.mjs).
export { builtinsOnly, compiledBuild } from './prerender/compiledBuilds';
export { pageDocument } from './prerender/pageDocument';
export { looksSignedIn } from './visitor';
export { drawnPart } from './routeTable';
export { signedInPreconnects } from './preloadHints';
export type { FederationManifest } from './manifests';
