import { readFileSync } from 'node:fs';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import { WIDGET_MESSAGES, widgetMessageKey } from './widgetMessages';

// FirebaseUI's own script, as the build takes it: each message the site translates is one it writes.
const firebaseUi = readFileSync(require.resolve('firebaseui/dist/esm.js'), 'utf8');

describe("FirebaseUI's messages the site translates", () => {
  it.each(Object.keys(WIDGET_MESSAGES))('"%s" is written by the installed FirebaseUI', (message) => {
    // Its script escapes an apostrophe in some strings (\u2019 is not used in these).
    expect(firebaseUi.includes(message) || firebaseUi.includes(message.replace(/'/g, "\\'"))).toBe(true);
  });

  it('each has its words in both languages', () => {
    for (const key of new Set(Object.values(WIDGET_MESSAGES))) {
      expect(ro.login.widgetMessages[key]).toMatch(/\S/);
      expect(en.login.widgetMessages[key]).toMatch(/\S/);
      expect(ro.login.widgetMessages[key]).not.toBe(en.login.widgetMessages[key]);
    }
  });

  it('knows a message by its exact words only', () => {
    expect(widgetMessageKey('Enter your password')).toBe('passwordRequired');
    expect(widgetMessageKey('Enter your password ')).toBeNull();
    expect(widgetMessageKey('toString')).toBeNull();
    expect(widgetMessageKey('Introduceți parola.')).toBeNull();
  });
});
