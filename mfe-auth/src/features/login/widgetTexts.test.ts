import { readFileSync } from 'node:fs';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import { WIDGET_TEXTS, widgetTextKey } from './widgetTexts';

// FirebaseUI's own script, as the build takes it: its templates (compiled soy) write each text.
const firebaseUi = readFileSync(require.resolve('firebaseui/dist/esm.js'), 'utf8');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the installed FirebaseUI writes `text` as a text of its own: in its templates, HTML-escaped
 * (& as &amp;, an apostrophe as \'), between a tag's end or a quote and a tag's start or a quote
 * (`>Create account</h1>`, `+"Email"`, `D("Save")`, `"Follow the instructions sent to <strong>"`),
 * not merely as part of a longer text.
 */
function writtenByFirebaseUi(text: string): boolean {
  const escaped = text.replace(/&/g, '&amp;').replace(/'/g, "\\'");
  return new RegExp(`[>"] ?${escapeRegExp(escaped)} ?[<"]`).test(firebaseUi);
}

describe("FirebaseUI's texts the site translates", () => {
  it.each(Object.keys(WIDGET_TEXTS))('"%s" is written by the installed FirebaseUI', (text) => {
    expect(writtenByFirebaseUi(text)).toBe(true);
  });

  it('knows a text FirebaseUI does not write when it sees one (the check above can fail)', () => {
    expect(writtenByFirebaseUi('Create an account')).toBe(false);
    expect(writtenByFirebaseUi('Create')).toBe(false);
    expect(writtenByFirebaseUi('First and last name')).toBe(false);
    expect(writtenByFirebaseUi('Sign in with Email')).toBe(false);
  });

  it('each has its words in both languages', () => {
    for (const key of new Set(Object.values(WIDGET_TEXTS))) {
      expect(ro.login.widgetTexts[key]).toMatch(/\S/);
      expect(en.login.widgetTexts[key]).toMatch(/\S/);
      expect(ro.login.widgetTexts[key]).not.toBe(en.login.widgetTexts[key]);
    }
    // Each word the list gives is one of the list's, in both languages (none left behind).
    expect(Object.keys(ro.login.widgetTexts).sort()).toEqual([...new Set(Object.values(WIDGET_TEXTS))].sort());
    expect(Object.keys(en.login.widgetTexts).sort()).toEqual(Object.keys(ro.login.widgetTexts).sort());
    expect(ro.login.widgetToggle).not.toBe(en.login.widgetToggle);
  });

  it('knows a text by its exact words, the space around them aside', () => {
    expect(widgetTextKey('Create account')).toBe('signUpTitle');
    expect(widgetTextKey(' Follow the instructions sent to ')).toBe('recoverSentBefore');
    expect(widgetTextKey('create account')).toBeNull();
    expect(widgetTextKey('Creați un cont')).toBeNull();
    expect(widgetTextKey('toString')).toBeNull();
  });
});

describe("the sign-in page's words", () => {
  // What the page says is the site's: no vendor of the form it uses is named, in either language.
  it.each([
    ['ro', ro],
    ['en', en],
  ])('name no vendor (%s)', (_, strings) => {
    expect(JSON.stringify(strings)).not.toMatch(/firebase|google/i);
  });
});
