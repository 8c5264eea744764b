#!/usr/bin/env node
// Draws the site's raster pictures from their sources, with the system's Chromium: the app icons
// (PNG, from shell/public/icon.svg, in the default dark theme's colours: a home screen has no
// theme) and the social card (the picture a shared link shows). Run it when the icon or the card
// changes (`node tools/site-images.mjs`), and commit what it writes to shell/public/: the build
// emits those files as they are (shell/webpack.config.cjs), so a build needs no browser.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const publicDir = join(root, 'shell', 'public');
const icon = readFileSync(join(publicDir, 'icon.svg'), 'utf8');
const tokens = JSON.parse(readFileSync(join(root, 'shared-ui', 'src', 'theme', 'tokens.json'), 'utf8')).dark;
const common = JSON.parse(readFileSync(join(root, 'shared-ui', 'src', 'i18n', 'common.ro.json'), 'utf8'));
const iconData = `data:image/svg+xml;base64,${Buffer.from(icon).toString('base64')}`;

/** Each picture: its file, its size, and the page it is a screenshot of. */
const pictures = [
  ...[
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['apple-touch-icon.png', 180],
  ].map(([file, size]) => ({ file, width: size, height: size, html: `<img src="${iconData}" width="${size}" height="${size}" alt="">` })),
  {
    file: 'social-card.png',
    width: 1200,
    height: 630,
    html: `<div style="box-sizing:border-box;width:1200px;height:630px;padding:96px;display:flex;flex-direction:column;justify-content:center;gap:40px;background:${tokens.background};color:${tokens.text};font-family:'DejaVu Sans',sans-serif">
  <div style="display:flex;align-items:center;gap:40px"><img src="${iconData}" width="160" height="160" alt=""><span style="font-size:120px;font-weight:700">${common.brand}</span></div>
  <p style="margin:0;font-size:40px;line-height:1.35;color:${tokens.textMuted}">${common.meta.description}</p>
</div>`,
  },
];

const browser = await chromium.launch({ executablePath: chromiumPath('headless-shell'), args: CHROMIUM_ARGS });
try {
  for (const { file, width, height, html } of pictures) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: 'dark' });
    await page.setContent(`<!doctype html><html lang="ro"><body style="margin:0;background:transparent">${html}</body></html>`);
    writeFileSync(join(publicDir, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width, height } }));
    await page.close();
    console.log(`${file} ${width}×${height}`);
  }
} finally {
  await browser.close();
}
