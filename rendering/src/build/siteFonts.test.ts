/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tokens from '@site/shared-ui/tokens.json';

// The build's module (CommonJS, as webpack's configuration requires it).
const fonts = createRequire(__filename)('./siteFonts.cjs') as {
  FAMILY: string;
  SOURCES: Record<number, string>;
  siteStrings: () => string[];
  siteCharacters: (strings?: string[]) => string;
  subsetWeight: (weight: number, text: string) => Promise<Buffer>;
  codePointsOf: (font: Uint8Array) => Promise<Set<number>>;
  missingCharacters: (font: Uint8Array, text: string) => Promise<string[]>;
  siteFontsHead: (fonts: { weight: number; file: string }[], publicPath: string) => { preload: string; faces: string };
};

const WEIGHTS = Object.keys(fonts.SOURCES).map(Number);
const ROMANIAN = 'ăâîșțĂÂÎȘȚ';

describe.each(WEIGHTS)('the site font cut at weight %i', (weight) => {
  let font: Buffer;
  beforeAll(async () => {
    font = await fonts.subsetWeight(weight, fonts.siteCharacters());
  });

  it("has a glyph for every character of the site's strings (each app's translations, shared-ui's too)", async () => {
    const strings = fonts.siteStrings();
    // Every package's translations are read: the shell's, shared-ui's and the three remotes'.
    expect(strings.length).toBeGreaterThan(500);
    expect(await fonts.missingCharacters(font, strings.join(''))).toEqual([]);
  });

  it("has Romanian's letters, with the comma below and with the cedilla, and the punctuation of its texts", async () => {
    expect(await fonts.missingCharacters(font, `${ROMANIAN}şţŞŢ„”“’–—…·`)).toEqual([]);
  });

  it('has printable ASCII (what a visitor types into a form)', async () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    expect(await fonts.missingCharacters(font, ascii)).toEqual([]);
  });

  it('is a woff2 of the characters kept only: a small part of its source', async () => {
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const source = readFileSync(path.join(path.dirname(require.resolve('@expo-google-fonts/atkinson-hyperlegible-next/package.json')), fonts.SOURCES[weight]!));
    // Letters of other languages the source draws are left out (ő: Hungarian; ł: Polish).
    expect(await fonts.missingCharacters(source, 'őł')).toEqual([]);
    expect(await fonts.missingCharacters(font, 'őł')).toEqual(['ő', 'ł']);
    expect(font.length).toBeLessThan(12 * 1024);
  });
});

describe('the characters kept', () => {
  it("are the strings' own, once each, with ASCII and the typography the texts may use", () => {
    const characters = fonts.siteCharacters(['Înscrie-te „acum”', 'ţ']);
    expect(new Set(characters).size).toBe(characters.length);
    for (const character of 'Înscrie-t „acum”ţ~') expect(characters).toContain(character);
    for (const character of ROMANIAN) expect(characters).toContain(character);
    // No control character (a string's line break) is asked of the font.
    expect(fonts.siteCharacters(['a\nb'])).not.toContain('\n');
  });
});

describe("the page's head", () => {
  const files = [
    { weight: 400, file: 'assets/atkinson-hyperlegible-next-400.0123456789ab.woff2' },
    { weight: 700, file: 'assets/atkinson-hyperlegible-next-700.ba9876543210.woff2' },
  ];

  it('preloads each weight, as a font (fetched in CORS mode: crossorigin, or the preload is not used)', () => {
    const { preload } = fonts.siteFontsHead(files, '/');
    expect(preload.split('\n')).toEqual([
      '<link rel="preload" href="/assets/atkinson-hyperlegible-next-400.0123456789ab.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/assets/atkinson-hyperlegible-next-700.ba9876543210.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
  });

  it('declares each weight, shown only if it is there by the first paint (font-display: optional: nothing moves)', () => {
    const { faces } = fonts.siteFontsHead(files, '/');
    const rules = faces.split('\n').filter((rule) => rule.includes(fonts.FAMILY));
    expect(rules).toHaveLength(2);
    for (const [i, rule] of rules.entries()) {
      expect(rule).toContain(`font-family:'${fonts.FAMILY}'`);
      expect(rule).toContain(`font-weight:${files[i]!.weight}`);
      expect(rule).toContain('font-display:optional');
      expect(rule).toContain(`src:url(/${files[i]!.file}) format('woff2')`);
    }
  });

  it("declares a price's plain figures in both weights, from the system's own fonts (nothing fetched), digits only", () => {
    const rules = fonts
      .siteFontsHead(files, '/')
      .faces.split('\n')
      .filter((rule) => rule.includes(`font-family:'${tokens.type.plainFigures.family}'`));
    expect(rules.map((rule) => /font-weight:(\d+)/.exec(rule)?.[1])).toEqual(['400', '700']);
    for (const rule of rules) {
      expect(rule).toContain('unicode-range:U+0030-0039');
      expect(rule).toMatch(/src:local\('Arial( Bold)?'\),/);
      expect(rule).not.toContain('url(');
    }
  });

  it('names no file where the build emitted no font (a remote’s own page), and still declares the plain figures', () => {
    const { preload, faces } = fonts.siteFontsHead([], 'auto');
    expect(preload).toBe('');
    expect(faces).not.toContain(fonts.FAMILY);
    expect(faces).toContain(tokens.type.plainFigures.family);
  });
});
