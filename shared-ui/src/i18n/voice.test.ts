// The site's voice (VOICE.md beside this file), checked on every string file of the site: what a
// pattern can catch. A failure names the file, the key and the text.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = dirname(dirname(dirname(__dirname)));
const FILES = [
  'shared-ui/src/i18n/common.ro.json',
  'shared-ui/src/i18n/common.en.json',
  'shell/src/i18n/ro.json',
  'shell/src/i18n/en.json',
  'mfe-marketing/src/i18n/ro.json',
  'mfe-marketing/src/i18n/en.json',
  'mfe-auth/src/i18n/ro.json',
  'mfe-auth/src/i18n/en.json',
  'mfe-account/src/i18n/ro.json',
  'mfe-account/src/i18n/en.json',
];

type Entry = { file: string; key: string; text: string };

function entries(file: string): Entry[] {
  const found: Entry[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') found.push({ file, key, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${key}.${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(join(root, file), 'utf8')), '');
  return found;
}

const all = FILES.flatMap(entries);
const romanian = all.filter((e) => /(^|[./])ro\.json$/.test(e.file));
const english = all.filter((e) => /(^|[./])en\.json$/.test(e.file));
const shown = (list: Entry[]) => list.map((e) => `${e.file} ${e.key}: ${e.text}`);

/** The keys that name a button's or a link's label across the site's files. */
const LABEL_KEY =
  /(^|\.)(primaryCta|secondaryCta|submit|button|buttonText|retry|cancel|confirm|start|renew|change|changePlan|changePayment|demo|features|close|back|link|downloadAndroid|switch|skipLink|scrollToTop|brandHome)$/;

/** Informal (second person singular) imperatives the site has used or would reach for first. */
const INFORMAL = [
  'Pornește',
  'Vezi',
  'Cere',
  'Abonează-mă',
  'Abonează-te',
  'Trimite',
  'Încearcă',
  'Reînnoiește',
  'Schimbă',
  'Anulează',
  'Începe',
  'Alege',
  'Deconectează',
  'Renunță',
  'Descarcă',
  'Confirmă',
  'Șterge',
  'Continuă',
  'Sari',
  'Închide',
  'Deschide',
  'Află',
  'Apasă',
  'Intră',
  'Mergi',
  'Folosește',
  'Descoperă',
  'Scrie-ne',
  'Contactează-ne',
  'Alătură-te',
  'Citește',
  'Salvează',
  'Reia',
  'Conectează-te',
  'Autentifică-te',
];
// At the start of a text, of a sentence, or after "Da, " (a confirmation's label).
const informal = new RegExp(`(^|[.!?…]\\s+|\\bDa,\\s+)(${INFORMAL.join('|')})(?![\\p{L}-])`, 'iu');

describe("the site's voice (VOICE.md)", () => {
  it('reads every string file of the site', () => {
    expect(romanian.length).toBeGreaterThan(300);
    expect(english.length).toBeGreaterThan(300);
  });

  it('ends no button or link label with a full stop', () => {
    expect(shown(all.filter((e) => LABEL_KEY.test(e.key) && /\.\s*$/.test(e.text)))).toEqual([]);
  });

  it('addresses the visitor formally in Romanian: no informal imperative', () => {
    expect(shown(romanian.filter((e) => informal.test(e.text)))).toEqual([]);
  });

  it('writes prices in lei in both languages, never RON', () => {
    expect(shown(all.filter((e) => /\bRON\b/.test(e.text)))).toEqual([]);
  });

  it('shows no placeholder as content (a phone of zeros, lorem ipsum, TODO)', () => {
    expect(shown(all.filter((e) => /0{3}[\s.-]?0{4}|lorem ipsum|\bTODO\b|\bTBD\b/i.test(e.text)))).toEqual([]);
  });

  it('names the theme options the same way in each language', () => {
    const options = (file: string) => all.filter((e) => e.file === file && /^theme\.(light|dark|system)$/.test(e.key)).map((e) => e.text);
    expect(options('shell/src/i18n/ro.json')).toEqual(['Tema luminoasă', 'Tema întunecată', 'Tema dispozitivului']);
    expect(options('shell/src/i18n/en.json')).toEqual(['Light theme', 'Dark theme', 'Device theme']);
  });

  it('catches what it says it catches', () => {
    expect(informal.test('Pornește la drum!')).toBe(true);
    expect(informal.test('Da, deconectează')).toBe(true);
    expect(informal.test('Mesajul a fost trimis. Încearcă din nou.')).toBe(true);
    expect(informal.test('Porniți la drum!')).toBe(false);
    expect(informal.test('Abonamentul se reînnoiește pe 3 mai.')).toBe(false);
    expect(LABEL_KEY.test('landing.secondaryCta') && /\.\s*$/.test('Vezi funcționalitățile.')).toBe(true);
  });
});
