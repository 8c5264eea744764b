// The system's Chromium, in one place: where each build of it is (browser downloads are not
// available here; tools/ensure-chromium.mjs installs them) and the flags every launch needs.

/**
 * The builds: the headless shell (Debian's chromium-headless-shell, the build Playwright runs
 * headless: the end-to-end tests run a third faster in it) and the full browser (what visitors have:
 * the benchmark measures it). CHROMIUM_PATH names another browser for both.
 */
export const BROWSERS = {
  chromium: { path: '/usr/bin/chromium', aptPackage: 'chromium' },
  'headless-shell': { path: '/usr/bin/chromium-headless-shell', aptPackage: 'chromium-headless-shell' },
};

/** @param {keyof typeof BROWSERS} kind */
export const chromiumPath = (kind) => process.env.CHROMIUM_PATH || BROWSERS[kind].path;

/** Without the networking flags Chromium floods the closed network of these machines. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
