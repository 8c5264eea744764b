// The site's typeface (shared-ui's tokens.json: type.family), self-hosted: one woff2 file per weight
// the site's styles use, cut down at build time to the characters its strings have, and emitted with
// the shell's build under a content-hashed name (a static host serves it as it serves the code).
// The HTML page (./pageTemplate.cjs) names the files in its @font-face rules and preloads them.
//
// The source is Google Fonts' complete files (in @expo-google-fonts/atkinson-hyperlegible-next, a
// package of TTFs only): Fontsource's package splits each weight into a Latin file and a Latin
// Extended one, and Romanian needs both (ă ș ț are in the second, â î „ ” in the first), where a
// cut of the complete file is one request, smaller than either half.
const fs = require('node:fs');
const path = require('node:path');
const subsetFont = require('subset-font');
const fontverter = require('fontverter');
const tokens = require('@site/shared-ui/tokens.json');

const FAMILY = tokens.type.family;

/**
 * The weights the site's styles ask for, and the file each is cut from. Text at 400, and the bold
 * of headings, labels and buttons at 700: a style's 600 or 800 is drawn with the 700 face (the
 * nearest bolder one, as CSS matches weights), not with a third file.
 */
const SOURCES = {
  [tokens.type.weights.regular]: '400Regular/AtkinsonHyperlegibleNext_400Regular.ttf',
  [tokens.type.weights.bold]: '700Bold/AtkinsonHyperlegibleNext_700Bold.ttf',
};
const SOURCE_DIR = path.dirname(require.resolve('@expo-google-fonts/atkinson-hyperlegible-next/package.json'));

/**
 * A price's figures (shared-ui's plainFigures): the site's typeface draws its zero with a slash and
 * offers no plain one, so the digits come from Roboto (Android's own typeface, whose zero is a plain
 * oval), cut to the ten digits in the same two weights: about 1.5 KB each.
 */
const FIGURE_SOURCES = {
  [tokens.type.weights.regular]: '400Regular/Roboto_400Regular.ttf',
  [tokens.type.weights.bold]: '700Bold/Roboto_700Bold.ttf',
};
const FIGURE_SOURCE_DIR = path.dirname(require.resolve('@expo-google-fonts/roboto/package.json'));
const DIGITS = '0123456789';
/** The digits' code points, as a face's unicode-range (and as the browser writes it back). */
const DIGITS_RANGE = 'U+30-39';

/**
 * What every cut keeps of its source's names besides those harfbuzz keeps (0–6: the copyright
 * notice, the family's names, the version): the licence and its address (name IDs 13 and 14). Both
 * typefaces are under the SIL Open Font License, which asks that every copy carry the notice and the
 * licence; the font's own metadata is one of the places it names.
 */
const LICENCE_NAME_IDS = [13, 14];

/** The workspace's root: every package's strings are under <package>/src/i18n/. */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every string of the site's translations (the shell's, shared-ui's and each remote's), in file order. */
function siteStrings(root = ROOT) {
  const strings = [];
  const collect = (value) => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const dir of fs.readdirSync(root).sort()) {
    const i18n = path.join(root, dir, 'src', 'i18n');
    if (!fs.existsSync(i18n)) continue;
    for (const file of fs.readdirSync(i18n).sort()) if (file.endsWith('.json')) collect(JSON.parse(fs.readFileSync(path.join(i18n, file), 'utf8')));
  }
  return strings;
}

/** Printable ASCII: what a visitor types into a form, and the addresses and numbers the pages show. */
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/**
 * Romanian's letters with diacritics, in both cases and both forms of ș ț (the comma below, which is
 * correct, and the cedilla, which older keyboards still type into a form), and the typographic
 * punctuation the site's texts use or a later text is likely to (dashes, quotes, the ellipsis, the
 * middle dot of the titles, the no-break space, the minus the FAQ draws): a new string with one of
 * them needs no new cut to look right.
 */
const TYPOGRAPHY = 'ăâîșțĂÂÎȘȚşţŞŢ–—·…„”“’‘«»©\u00a0−';

/** The characters the subset keeps: the ones above, and every character of the site's strings. */
function siteCharacters(strings = siteStrings()) {
  const characters = new Set(ASCII + TYPOGRAPHY);
  for (const string of strings) for (const character of string) if (character >= ' ') characters.add(character);
  return [...characters].sort().join('');
}

/** A weight's source font cut down to `text`, as woff2 (harfbuzz's subsetter: its layout features, kerning among them, kept for the glyphs kept). */
const subsetWeight = (weight, text) => subsetFont(fs.readFileSync(path.join(SOURCE_DIR, SOURCES[weight])), text, { targetFormat: 'woff2', preserveNameIds: LICENCE_NAME_IDS });

/**
 * A weight's digits, as woff2: no hinting and no layout tables (ten glyphs of one width have no
 * kerning or substitutions to keep): about 1.5 KB, against 7.3 KB with them.
 */
const subsetFigures = (weight) =>
  subsetFont(fs.readFileSync(path.join(FIGURE_SOURCE_DIR, FIGURE_SOURCES[weight])), DIGITS, {
    targetFormat: 'woff2',
    preserveNameIds: LICENCE_NAME_IDS,
    noHinting: true,
    dropTables: ['GSUB', 'GPOS', 'GDEF', 'STAT'],
  });

/** The code points a font (woff2, or TrueType) has glyphs for, as harfbuzz reads its character map. */
async function codePointsOf(font) {
  const sfnt = await fontverter.convert(Buffer.from(font), 'sfnt');
  const harfbuzz = await import('harfbuzzjs');
  return new Set(new harfbuzz.Face(new harfbuzz.Blob(sfnt)).collectUnicodes());
}

/** The characters of `text` a font has no glyph for. */
async function missingCharacters(font, text) {
  const codePoints = await codePointsOf(font);
  return [...new Set(text)].filter((character) => !codePoints.has(character.codePointAt(0)));
}

/** Where a build's font files go, and under what name: the family's, the weight, the content's hash. */
const fileName = (weight, hash) => `assets/${FAMILY.toLowerCase().replace(/\s+/g, '-')}-${weight}.${hash}.woff2`;

/**
 * The cut files, made once per process (a watching dev server rebuilds often; the strings are read
 * when the build starts). A character of the strings that the source has no glyph for fails the
 * build: the text would be drawn in another typeface, letter by letter.
 */
let made = null;
const siteFontFiles = () =>
  (made ??= (async () => {
    const strings = siteStrings();
    const text = siteCharacters(strings);
    return Promise.all(
      Object.keys(SOURCES).map(async (key) => {
        const weight = Number(key);
        const font = await subsetWeight(weight, text);
        const missing = await missingCharacters(font, strings.join(''));
        if (missing.length > 0)
          throw new Error(
            `${FAMILY} ${weight} has no glyph for ${missing.map((c) => `${c} (U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}, which the site's strings use`,
          );
        return { weight, font };
      }),
    );
  })());

/** The digits' cuts, made once per process: [{ weight, font }]. */
let figuresMade = null;
const plainFiguresFiles = () =>
  (figuresMade ??= Promise.all(Object.keys(FIGURE_SOURCES).map(async (key) => ({ weight: Number(key), font: Buffer.from(await subsetFigures(Number(key))) }))));

/** The digits' cuts of each compilation that made them (siteFontsPlugin), for its page's head. */
const figuresOfCompilation = new WeakMap();

/**
 * The webpack plugin that emits the font files into the build (the shell's: its page is the one that
 * loads them), and makes the digits' cuts its page carries inline (plainFiguresOf).
 */
const siteFontsPlugin = () => ({
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SiteFonts', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'SiteFonts', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        figuresOfCompilation.set(compilation, await plainFiguresFiles());
        for (const { weight, font } of await siteFontFiles()) {
          const hash = compiler.webpack.util.createHash(compilation.outputOptions.hashFunction).update(font).digest('hex').slice(0, 12);
          compilation.emitAsset(fileName(weight, hash), new sources.RawSource(font), { immutable: true, contenthash: hash, siteFont: { weight } });
        }
      });
    });
  },
});

/** The font files a compilation emitted (by siteFontsPlugin), by weight: what the HTML page names. */
const emittedSiteFonts = (compilation) =>
  compilation
    .getAssets()
    .filter((asset) => asset.info.siteFont)
    .map((asset) => ({ weight: asset.info.siteFont.weight, file: asset.name }))
    .sort((a, b) => a.weight - b.weight);

/** The digits' cuts siteFontsPlugin made for a compilation ([] for a build without the plugin: a remote's). */
const plainFiguresOf = (compilation) => figuresOfCompilation.get(compilation) ?? [];

/**
 * The page's head for those fonts: a preload of each, and the @font-face rules. font-display:
 * optional: a font that is not there by the first paint (about 100 ms) is not used by the document
 * at all, so nothing is ever drawn twice (no layout shift, and the largest text is not held back for
 * the font); the preload makes it there in time, and the next visit has it cached. Both weights are
 * preloaded: unpreloaded, the bold one is asked for only once the page is laid out, too late for
 * its first paint even from a local server, and every page's headings and header stay in the
 * fallback typeface for the whole visit (the site's pages change without a new document).
 * `figures`: the digits' cuts (plainFiguresOf), carried by the page's inline script
 * (plainFiguresScript, its data written with `jsonForScriptElement`); none: the digits' faces name
 * the system's fonts (systemFiguresFaces).
 */
function siteFontsHead(fonts, publicPath, figures = [], jsonForScriptElement) {
  const url = (file) => `${publicPath}${file}`;
  const preload = fonts.map((font) => `<link rel="preload" href="${url(font.file)}" as="font" type="font/woff2" crossorigin>`).join('\n');
  const faces = fonts
    .map((font) => `@font-face{font-family:'${FAMILY}';font-style:normal;font-weight:${font.weight};font-display:optional;src:url(${url(font.file)}) format('woff2')}`)
    .concat(figures.length > 0 ? [] : systemFiguresFaces())
    .join('\n');
  return {
    preload,
    faces,
    figuresScript: figures.length > 0 ? plainFiguresScript(figures, jsonForScriptElement) : '',
    figuresNoscript: figures.length > 0 ? `<noscript><style>${systemFiguresFaces().join('\n')}</style></noscript>` : '',
  };
}

/**
 * Adds the digits' faces to the document, from their bytes (`faces`: weight → base64 of the woff2).
 * Run as the page's inline script in its head (its source is the script's: ES5, no closure): a face
 * made from bytes is ready when made (in Chromium its status is "loaded" at once; the Font Loading
 * spec lets a browser parse it in a task of its own, and Firefox and Safari were not tried here), so
 * the page's first layout draws the plain zero, on every system and every time. A face from a URL, even a data:
 * one, is loaded in a task of its own: the first frame could draw the slashed zero and then move
 * the price's words (a layout shift). The bytes are decoded by the browser where it can
 * (Uint8Array.fromBase64: 0.4–1.5 ms here for both weights, against 1.1–4.8 for the loop), and the
 * faces made from them in 1–2.6 ms. A browser without the Font Loading API draws the site's own digits.
 */
function addPlainFigures(family, faces, unicodeRange) {
  if (!window.FontFace || !document.fonts) return;
  for (var weight in faces) {
    var bytes;
    if (Uint8Array.fromBase64) bytes = Uint8Array.fromBase64(faces[weight]);
    else {
      var text = atob(faces[weight]);
      bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    }
    document.fonts.add(new FontFace(family, bytes, { weight: weight, unicodeRange: unicodeRange }));
  }
}

/**
 * The page's inline script that adds the digits' faces (addPlainFigures). Not @font-face rules
 * naming the system's fonts by name (local()), as before: on Linux each name tried is a call to the
 * browser's font service, and the first layout of a page with a price spent 5–128 ms finding one
 * (docs/benchmark.md); and not every system has one of the names. Its data written as the server
 * writes JSON into a script element (`jsonForScriptElement`, @site/rendering's
 * server/handedOverStateElement.ts, handed over by ./index.cjs): nothing in it can end the element.
 */
const plainFiguresScript = (figures, jsonForScriptElement) =>
  `(${addPlainFigures.toString()})(${jsonForScriptElement(tokens.type.plainFigures.family)},${jsonForScriptElement(
    Object.fromEntries(figures.map(({ weight, font }) => [weight, Buffer.from(font).toString('base64')])),
  )},${jsonForScriptElement(DIGITS_RANGE)})`;

/**
 * The digits' faces from the visitor's own system fonts (local(): nothing fetched), one a weight:
 * for a page whose scripts do not run (in <noscript>), and a remote's own page, whose build makes no
 * cuts. In the page's first style, not in styled-components' global style, which the browser's
 * hydration inserts again: a font face inserted then lays the whole document out again.
 */
function systemFiguresFaces() {
  const { family, local } = tokens.type.plainFigures;
  return Object.entries(local).map(
    ([weight, names]) => `@font-face{font-family:'${family}';font-weight:${weight};unicode-range:${DIGITS_RANGE};src:${names.map((name) => `local('${name}')`).join(',')}}`,
  );
}

module.exports = {
  FAMILY,
  SOURCES,
  FIGURE_SOURCES,
  DIGITS_RANGE,
  subsetFigures,
  plainFiguresOf,
  siteStrings,
  siteCharacters,
  subsetWeight,
  codePointsOf,
  missingCharacters,
  siteFontsPlugin,
  emittedSiteFonts,
  siteFontsHead,
};
