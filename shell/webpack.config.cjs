const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const createAppConfig = require('@site/tools/webpack');
const tokens = require('@site/shared-ui/tokens.json');
const common = require('@site/shared-ui/i18n/common.ro.json');

// The site's icons and social card (public/: icon.svg, and the PNGs tools/site-images.mjs draws from it), as they are.
const publicFiles = Object.fromEntries(readdirSync(path.join(__dirname, 'public')).map((file) => [file, readFileSync(path.join(__dirname, 'public', file))]));

/** The web app manifest: the site as a browser installs or bookmarks it, in its default language and theme. */
const webManifest = {
  name: common.brand,
  short_name: common.brand,
  description: common.meta.description,
  lang: 'ro',
  start_url: '/',
  scope: '/',
  display: 'browser',
  background_color: tokens.dark.background,
  theme_color: tokens.dark.background,
  icons: [
    { src: '/icon.svg', type: 'image/svg+xml', sizes: 'any' },
    { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
    { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
  ],
};

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Vedere',
  isHost: true,
  // The route table, for the production server (preload hints, prerendered routes, the sitemap);
  // the icons, the social card and the web app manifest.
  documents: { 'routes.json': require('./src/app/routeTable.json'), ...publicFiles, 'site.webmanifest': webManifest },
  // The page renderer the site's server runs for prerendered routes (src/server/).
  server: {
    entry: './src/server/render.tsx',
    alias: { [path.join(__dirname, 'src', 'remotes', 'federation.ts')]: path.join(__dirname, 'src', 'server', 'serverPages.ts') },
  },
});
