// Generates a remote's server render entry from the pages it exposes (the route table's pages of
// it, tools/remotePages.cjs): each page a lazy import, so that rendering one page evaluates that
// page's modules only, in the order its browser chunk does (styled-components names components in
// creation order: the server's HTML must match what the browser hydrates). The site's server sets
// the address of the remote's browser build (where the pages' images are) before any page loads.
module.exports = function renderEntry() {
  const { exposes } = this.getOptions();
  const pages = Object.entries(exposes)
    .map(([name, file]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}),`)
    .join('\n');
  return `export function exposedModules(publicPath) {
  __webpack_public_path__ = publicPath;
  return {
${pages}
  };
}
`;
};
