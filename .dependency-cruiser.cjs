// The board's boundaries (docs/architecture.md, "Boundaries between packages"): what may import
// what across the packages. `pnpm boundaries` (part of `npm test`) fails on any forbidden arrow.
// Workspace packages are followed through their links to their folders, so an import by package
// name (@site/…) counts as much as a relative path.
const REMOTE = '^mfe-[^/]+/';
const FRONT_END = '^(shell|mfe-[^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'shell-to-remote',
      comment: 'The shell loads remotes at run time (Module Federation), never imports their sources.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: REMOTE },
    },
    {
      name: 'remote-to-remote',
      comment: 'A remote is released alone: it imports no other remote.',
      severity: 'error',
      from: { path: '^mfe-([^/]+)/' },
      to: { path: REMOTE, pathNot: '^mfe-$1/' },
    },
    {
      name: 'front-end-to-service',
      comment: "The front ends reach the user service through shared-ui's typed client only.",
      severity: 'error',
      from: { path: FRONT_END },
      to: { path: '^service-user/' },
    },
    {
      name: 'browser-to-service',
      comment:
        "Browser code imports nothing of the user service's package: what the browser and the service share lives in @site/contract (the one exception: the type of the service's routes, AppType and its answers' types, which shared-ui's typed client is built from and which no build emits).",
      severity: 'error',
      from: { path: '^(shell|mfe-[^/]+|shared-ui|rendering)/' },
      to: { path: '^service-user/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is what the others share: it imports none of them.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(shell|mfe-[^/]+|shared-ui|rendering|site-server|service-user|release|e2e|bench|tools)/' },
    },
    {
      name: 'service-to-ui',
      comment: 'The user service knows nothing of the front ends.',
      severity: 'error',
      from: { path: '^service-user/' },
      to: { path: '^(shared-ui|shell|mfe-[^/]+|site-server|rendering)/' },
    },
    {
      name: 'server-to-remote',
      comment: "The site's server renders a remote's pages from the render entry that remote publishes, never from its sources.",
      severity: 'error',
      from: { path: '^(site-server|rendering|tools)/' },
      to: { path: `${REMOTE}|^shell/src/` },
    },
    {
      name: 'browser-to-server',
      comment: "Browser code reaches the rendering contract through @site/rendering, never the site's server.",
      severity: 'error',
      from: { path: '^(shell|mfe-[^/]+|shared-ui|rendering)/' },
      to: { path: '^site-server/' },
    },
    {
      name: 'release-to-sources',
      comment: "The release command reads builds (manifests, the shell's route table), never an app's sources.",
      severity: 'error',
      from: { path: '^release/' },
      to: { path: `${REMOTE}|^shell/` },
    },
    {
      name: 'remote-to-shell',
      comment: 'A remote runs inside any shell that provides the shared singletons: it imports nothing of the shell.',
      severity: 'error',
      from: { path: REMOTE },
      to: { path: '^shell/' },
    },
    {
      name: 'package-by-relative-path',
      comment:
        "A package reaches another through that package's exports, declared as its dependency (@site/…), never by a relative path into its folder: the arrow is then declared, and the other package says what it offers.",
      severity: 'error',
      // Each package's jest.config.cjs is the root jest's (it loads them by path) and takes the one
      // preset, tools/jest.cjs, by path: as a dependency, @site/tools (which builds with rendering
      // and site-server) would close a cycle with most packages.
      from: { path: '^([^/]+)/', pathNot: '^[^/]+/jest\\.config\\.cjs$' },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    {
      name: 'feature-to-feature',
      comment:
        "A remote's feature folder is closed: one feature never imports another's file. What two features share moves to the remote's folders beside features/ (components/, api/, plans/…).",
      severity: 'error',
      from: { path: '^(mfe-[^/]+/src/features/[^/]+)/' },
      to: { path: '^mfe-[^/]+/src/features/', pathNot: '^$1/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module needs, through others, a module that needs it: a circle makes neither one readable or testable alone (type-only imports count: they tie the two designs).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve (a package that is not a dependency) could hide any of the arrows above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  // The one declared exception: the benchmark's single-bundle baseline compiles the shell and the
  // remotes' pages into one ordinary bundle, to measure what federation costs (bench/single-bundle/).
  options: {
    exclude: { path: ['node_modules', '/dist/', '\\.variants/', '^bench/single-bundle/', 'test-results'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
      mainFields: ['main', 'types'],
    },
  },
};
