/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { createRequire } from 'node:module';
import path from 'node:path';
import tokens from '@site/shared-ui/tokens.json';
import { jsonForScriptElement } from '../server/handedOverStateElement';

// The build's module (CommonJS, as webpack's configuration requires it).
const fonts = createRequire(__filename)('./siteFonts.cjs') as {
  FAMILY: string;
  SOURCES: Record<number, string>;
  siteStrings: () => string[];
  siteCharacters: (strings?: string[]) => string;
  subsetWeight: (weight: number, text: string) => Promise<Buffer>;
  codePointsOf: (font: Uint8Array) => Promise<Set<number>>;
  missingCharacters: (font: Uint8Array, text: string) => Promise<string[]>;
  FIGURE_SOURCES: Record<number, string>;
  DIGITS_RANGE: string;
  subsetFigures: (weight: number) => Promise<Uint8Array>;
  siteFontsHead: (
    fonts: { weight: number; file: string }[],
    publicPath: string,
    figures?: { weight: number; font: Buffer }[],
    jsonForScript?: (value: unknown) => string,
  ) => { preload: string; faces: string; figuresScript: string; figuresNoscript: string };
};

/** Whether a font's names hold `text` (its Windows names: UTF-16, big-endian, in the uncompressed font). */
const hasName = async (font: Uint8Array, text: string) => {
  const sfnt = Buffer.from(await (createRequire(__filename)('fontverter') as { convert: (font: Buffer, to: string) => Promise<Buffer> }).convert(Buffer.from(font), 'sfnt'));
  return sfnt.includes(Buffer.from(text, 'utf16le').swap16());
};
const LICENCE = 'This Font Software is licensed under the SIL Open Font License, Version 1.1.';

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

  it('carries its copyright notice and its licence (the SIL Open Font License asks it of every copy)', async () => {
    expect(await hasName(font, 'Copyright')).toBe(true);
    expect(await hasName(font, LICENCE)).toBe(true);
  });
});

describe.each(WEIGHTS)("a price's digits cut at weight %i", (weight) => {
  let figures: Uint8Array;
  beforeAll(async () => {
    figures = await fonts.subsetFigures(weight);
  });

  it('is a woff2 of the ten digits and nothing else, of that weight, small enough to carry in every page', async () => {
    expect(Buffer.from(figures).subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect([...(await fonts.codePointsOf(figures))].sort((a, b) => a - b)).toEqual([0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39]);
    expect(fonts.FIGURE_SOURCES[weight]).toContain(String(weight));
    expect(figures.length).toBeLessThan(2 * 1024);
  });

  it("is Roboto's (a plain zero), with its copyright notice and licence", async () => {
    expect(await hasName(figures, 'Copyright 2011 The Roboto Project Authors')).toBe(true);
    expect(await hasName(figures, LICENCE)).toBe(true);
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

  const figures = [
    { weight: 400, font: Buffer.from('regular digits') },
    { weight: 700, font: Buffer.from('bold digits') },
  ];
  const family = tokens.type.plainFigures.family;

  /**
   * The faces the page's inline script adds, run against a stand-in of the Font Loading API: with the
   * browser's own base64 decoder (Uint8Array.fromBase64), or without it (atob and a loop).
   */
  const facesAddedBy = (script: string, decoder: 'fromBase64' | 'atob') => {
    const added: { family: string; bytes: string; weight: string; unicodeRange: string }[] = [];
    class FontFace {
      constructor(name: string, bytes: Uint8Array, descriptors: { weight: string; unicodeRange: string }) {
        expect(bytes).toBeInstanceOf(Uint8Array);
        added.push({ family: name, bytes: Buffer.from(bytes).toString('latin1'), ...descriptors });
      }
    }
    // Either a decoder alone (the loop would fail on it), or typed arrays without one (whatever this Node.js has).
    const Bytes =
      decoder === 'fromBase64'
        ? { fromBase64: (text: string) => new Uint8Array(Buffer.from(text, 'base64')) }
        : class extends Uint8Array {
            static fromBase64 = undefined;
          };
    const atob = decoder === 'atob' ? (text: string) => Buffer.from(text, 'base64').toString('latin1') : undefined;
    runInNewContext(script, { window: { FontFace }, FontFace, document: { fonts: { add: () => undefined } }, Uint8Array: Bytes, atob });
    return added;
  };

  it("adds a price's digits as faces made from their bytes, in both weights, by an inline script: nothing fetched, nothing looked up by name", () => {
    const head = fonts.siteFontsHead(files, '/', figures, jsonForScriptElement);
    for (const decoder of ['fromBase64', 'atob'] as const)
      expect(facesAddedBy(head.figuresScript, decoder)).toEqual([
        { family, bytes: 'regular digits', weight: '400', unicodeRange: fonts.DIGITS_RANGE },
        { family, bytes: 'bold digits', weight: '700', unicodeRange: fonts.DIGITS_RANGE },
      ]);
    expect(fonts.DIGITS_RANGE).toBe('U+30-39');
    // No @font-face of the digits, and no system font named, where the script runs.
    expect(head.faces).not.toContain(family);
    expect(head.faces).not.toContain('local(');
  });

  it('adds none in a browser without the Font Loading API (the site’s own digits then)', () => {
    const { figuresScript } = fonts.siteFontsHead(files, '/', figures, jsonForScriptElement);
    expect(() => runInNewContext(figuresScript, { window: {}, document: {} })).not.toThrow();
  });

  it("declares the digits from the system's fonts for a page whose scripts do not run, in <noscript>", () => {
    const { figuresNoscript } = fonts.siteFontsHead(files, '/', figures, jsonForScriptElement);
    expect(figuresNoscript).toMatch(/^<noscript><style>.*<\/style><\/noscript>$/s);
    const rules = figuresNoscript.split('\n').filter((rule) => rule.includes(`font-family:'${family}'`));
    expect(rules.map((rule) => /font-weight:(\d+)/.exec(rule)?.[1])).toEqual(['400', '700']);
    for (const rule of rules) {
      expect(rule).toContain('unicode-range:U+30-39');
      expect(rule).toMatch(/src:local\('Arial( Bold)?'\),/);
      expect(rule).not.toContain('url(');
    }
  });

  it('names no file where the build emitted no font (a remote’s own page), and declares the digits from the system’s fonts', () => {
    const head = fonts.siteFontsHead([], 'auto');
    expect(head.preload).toBe('');
    expect(head.faces).not.toContain(fonts.FAMILY);
    expect(head.faces).toContain(`font-family:'${family}'`);
    expect(head.faces).toContain("local('Arial')");
    expect(head.figuresScript).toBe('');
    expect(head.figuresNoscript).toBe('');
  });
});
