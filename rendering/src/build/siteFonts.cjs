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
const subsetWeight = (weight, text) => subsetFont(fs.readFileSync(path.join(SOURCE_DIR, SOURCES[weight])), text, { targetFormat: 'woff2' });

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

/** The webpack plugin that emits the font files into the build (the shell's: its page is the one that loads them). */
const siteFontsPlugin = () => ({
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SiteFonts', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'SiteFonts', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
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

/**
 * The page's head for those fonts: a preload of each, and the @font-face rules. font-display:
 * optional: a font that is not there by the first paint (about 100 ms) is not used by the document
 * at all, so nothing is ever drawn twice (no layout shift, and the largest text is not held back for
 * the font); the preload makes it there in time, and the next visit has it cached. Both weights are
 * preloaded: unpreloaded, the bold one is asked for only once the page is laid out, too late for
 * its first paint even from a local server, and every page's headings and header stay in the
 * fallback typeface for the whole visit (the site's pages change without a new document).
 */
function siteFontsHead(fonts, publicPath) {
  const url = (file) => `${publicPath}${file}`;
  const preload = fonts.map((font) => `<link rel="preload" href="${url(font.file)}" as="font" type="font/woff2" crossorigin>`).join('\n');
  const faces = fonts
    .map((font) => `@font-face{font-family:'${FAMILY}';font-style:normal;font-weight:${font.weight};font-display:optional;src:url(${url(font.file)}) format('woff2')}`)
    .concat(plainFiguresFaces())
    .join('\n');
  return { preload, faces };
}

/**
 * The faces of a price's figures (shared-ui's plainFigures: digits whose zero has no slash), from
 * the visitor's own system fonts (local(): nothing is fetched), one a weight. Here, in the page's
 * first style, and not in styled-components' global style, which the browser's hydration inserts
 * again: a font face inserted then lays the whole document out again.
 */
function plainFiguresFaces() {
  const { family, local } = tokens.type.plainFigures;
  return Object.entries(local).map(
    ([weight, names]) => `@font-face{font-family:'${family}';font-weight:${weight};unicode-range:U+0030-0039;src:${names.map((name) => `local('${name}')`).join(',')}}`,
  );
}

module.exports = {
  FAMILY,
  SOURCES,
  siteStrings,
  siteCharacters,
  subsetWeight,
  codePointsOf,
  missingCharacters,
  siteFontsPlugin,
  emittedSiteFonts,
  siteFontsHead,
};
