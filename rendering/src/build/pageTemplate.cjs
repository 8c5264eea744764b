// The HTML every app is served with. The theme and locale are applied by a tiny inline script
// before first paint, so a visitor who chose the light theme never sees a dark flash (../browser/
// prePaint.ts, handed over by ./index.cjs as `prePaint`). The site's fonts (./siteFonts.cjs) are
// preloaded before anything else is asked for, and their @font-face rules are in the first style
// the page has, with the site's global rules (@site/shared-ui's globalCss: static CSS, the theme's
// colours from custom properties per data-theme, handed over by ./index.cjs as `globalCss`). The
// prices' digits are faces added by an inline script before the body is parsed (with faces of the
// system's fonts for a page whose scripts do not run, in <noscript>): ./siteFonts.cjs says why.
const tokens = require('@site/shared-ui/tokens.json');
const common = require('@site/shared-ui/i18n/common.ro.json');

module.exports = ({ htmlWebpackPlugin, compilation }) => {
  const fonts = htmlWebpackPlugin.options.siteFonts(compilation, htmlWebpackPlugin.files.publicPath);
  return `<!doctype html>
<html lang="ro" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${fonts.preload}
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="manifest" href="/site.webmanifest">
<meta name="theme-color" content="${tokens.dark.background}" media="(prefers-color-scheme: dark)">
<meta name="theme-color" content="${tokens.light.background}" media="(prefers-color-scheme: light)">
<title>${htmlWebpackPlugin.options.title}</title>
<meta name="description" content="${common.meta.description}">
<script>${htmlWebpackPlugin.options.prePaint}</script>
${fonts.figuresScript ? `<script>${fonts.figuresScript}</script>` : ''}
${fonts.figuresNoscript}
${htmlWebpackPlugin.options.earlyEvents ? `<script>${htmlWebpackPlugin.options.earlyEvents}</script>` : ''}
<style>
${fonts.faces}
${htmlWebpackPlugin.options.globalCss}
html[${htmlWebpackPlugin.options.markers.freshRenderAttribute}=skip] #root[${htmlWebpackPlugin.options.markers.prerenderedAttribute}]{visibility:hidden}
</style>
<script defer src="/config.js"></script>
${htmlWebpackPlugin.options.federationRuntime ? `<script defer src="${htmlWebpackPlugin.options.federationRuntime}"></script>` : ''}
</head>
<body>
<div id="root"></div>
</body>
</html>`;
};
