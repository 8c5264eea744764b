import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SIGNALS } from './signals';

// The HTML template every app's build uses (tools/index.html.cjs), as the shell's build calls it (tools/webpack.cjs).
const template = createRequire(__filename)(join(__dirname, '..', '..', 'tools', 'index.html.cjs')) as (args: unknown) => string;
const shellHtml = template({ htmlWebpackPlugin: { options: { title: 'Vedere', isHost: true, signals: SIGNALS, earlyEvents: '', prePaint: '' } } });

describe("the shell's HTML", () => {
  it('fetches nothing ahead of its first paint but its runtime configuration: the remotes document is asked for by its code', () => {
    expect(shellHtml).not.toMatch(/rel="?preload/);
    expect(shellHtml).not.toContain('remotes.json');
    expect([...shellHtml.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])).toEqual(['/config.js']);
  });
});
