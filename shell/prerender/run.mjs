#!/usr/bin/env node
// Prerenders the public marketing pages (routes marked "prerender" in the shell's route table)
// into shell/dist/prerendered/, after the shell's build: the HTML the browser shows at once and
// React then hydrates. Nothing of an environment is in it: the server puts the marketing remote's
// address in at run time (tools/site-servers.mjs), and runtime configuration is read on the client.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');  // the workspace
const dist = join(root, 'shell', 'dist');
const require = createRequire(import.meta.url);

if (process.argv[2] === '--render') {
  // One route, in a process of its own (fresh module state): prints { html, styles } as JSON.
  const { renderPage } = require(join(root, 'shell', '.prerender', 'render.cjs'));
  process.stdout.write(JSON.stringify(await renderPage(process.argv[3])));
  process.exit(0);
}

const build = spawnSync(join(root, 'node_modules', '.bin', 'webpack'), ['--config', join(here, 'webpack.config.cjs'), '--mode', 'production'], { cwd: here, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error('the prerender bundle did not build');

const { routes } = JSON.parse(readFileSync(join(root, 'shell', 'src', 'app', 'routeTable.json'), 'utf8'));
const index = readFileSync(join(dist, 'index.html'), 'utf8');
mkdirSync(join(dist, 'prerendered'), { recursive: true });
for (const { path } of routes.filter((route) => route.prerender)) {
  const rendered = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--render', path], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (rendered.status !== 0) throw new Error(`prerendering ${path} failed:\n${rendered.stderr}`);
  const { html, styles } = JSON.parse(rendered.stdout);
  if (!/<div id="?root"?><\/div>/.test(index)) throw new Error('shell/dist/index.html has no empty #root');
  const page = index
    .replace('</head>', `${styles}\n</head>`)
    .replace(/<div id="?root"?><\/div>/, `<div id="root" data-prerendered="${path}">${html}</div>`);
  const file = join(dist, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`);
  writeFileSync(file, page);
  console.log(`prerendered ${path} (${(page.length / 1024).toFixed(1)} KB)`);
}
