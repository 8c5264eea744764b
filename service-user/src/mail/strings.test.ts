import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@site/contract/locales';

// compose.ts reads the strings files as it loads: it is imported in the tests below, so that a
// file missing or incomplete fails here with its locale and key rather than the whole file at once.
const compose = () => import('./compose');

const stringsFile = (locale: string) => join(__dirname, 'strings', `${locale}.json`);
const readStrings = (locale: string) => JSON.parse(readFileSync(stringsFile(locale), 'utf8')) as Record<string, unknown>;

const CONFIRM_LINK = 'https://vedere.example/newsletter/confirm?token=a1.b2-c3_d4';
const UNSUBSCRIBE_LINK = 'https://vedere.example/newsletter/unsubscribe?token=e5.f6-g7_h8';

describe("the newsletter's strings files", () => {
  const reference = Object.keys(readStrings('ro'));

  it.each(LOCALES.map((locale) => [locale]))('have one for %s, with the texts of ro.json and no others', (locale) => {
    expect(existsSync(stringsFile(locale)) ? [] : [`${locale}: no strings file (${stringsFile(locale)})`]).toEqual([]);
    const strings = readStrings(locale);
    const problems = [
      ...reference.filter((key) => !(key in strings)).map((key) => `${locale}.json lacks "${key}"`),
      ...Object.keys(strings)
        .filter((key) => !reference.includes(key))
        .map((key) => `${locale}.json has "${key}", which ro.json has not`),
      ...Object.entries(strings)
        .filter(([, value]) => typeof value !== 'string')
        .map(([key]) => `${locale}.json: "${key}" is not a string`),
    ];
    expect(problems).toEqual([]);
  });

  it('make the service refuse to start when a locale of LOCALES has none, naming the file', async () => {
    jest.doMock('@site/contract/locales', () => ({ LOCALES: ['ro', 'en', 'xx'] }));
    try {
      await jest.isolateModulesAsync(async () => {
        await expect(import('./compose')).rejects.toThrow(/"xx".*strings[/\\]xx\.json/);
      });
    } finally {
      jest.dontMock('@site/contract/locales');
    }
  });
});

describe("the newsletter's mails", () => {
  it.each(LOCALES.map((locale) => [locale]))('in %s have every placeholder filled, the links and the brand in them', async (locale) => {
    const { alreadySubscribedMail, confirmationMail, newsletterMail, welcomeMail } = await compose();
    const confirmation = confirmationMail('ana@example.com', locale, CONFIRM_LINK);
    const toSubscriber = [
      welcomeMail('ana@example.com', locale, UNSUBSCRIBE_LINK),
      alreadySubscribedMail('ana@example.com', locale, UNSUBSCRIBE_LINK),
      newsletterMail('ana@example.com', locale, UNSUBSCRIBE_LINK, { subject: 'Issue', text: 'News.\n' }),
    ];
    for (const mail of [confirmation, ...toSubscriber]) {
      expect(`${mail.subject}\n${mail.text}`).not.toContain('{{');
      expect(`${mail.subject}\n${mail.text}`).not.toContain('}}');
    }
    expect(confirmation.text).toContain(`\n${CONFIRM_LINK}\n`);
    for (const mail of [confirmation, ...toSubscriber.slice(0, 2)]) {
      expect(mail.subject).toContain('Vedere');
      expect(mail.text).toContain('Vedere');
    }
    for (const mail of toSubscriber) expect(mail.text).toMatch(new RegExp(`\n${UNSUBSCRIBE_LINK.replace(/[.?]/g, '\\$&')}\n$`));
  });

  it('say in Romanian and English, word for word, what they said before the strings files', async () => {
    const { confirmationMail } = await compose();
    expect(confirmationMail('ana@example.com', 'ro', CONFIRM_LINK)).toEqual({
      to: 'ana@example.com',
      subject: 'Confirmați abonarea la noutățile Vedere',
      text:
        'Bună ziua,\n\nCineva, probabil dumneavoastră, a cerut să primească noutățile Vedere la această adresă.\n\n' +
        `Pentru a confirma abonarea, deschideți linkul de mai jos (este valabil 7 zile):\n${CONFIRM_LINK}\n\n` +
        'Dacă nu ați cerut dumneavoastră, ignorați acest mesaj: nu veți primi nimic de la noi.\n',
    });
    expect(confirmationMail('ana@example.com', 'en', CONFIRM_LINK)).toEqual({
      to: 'ana@example.com',
      subject: 'Confirm your subscription to Vedere news',
      text:
        'Hello,\n\nSomeone, probably you, asked to receive Vedere news at this address.\n\n' +
        `To confirm the subscription, open the link below (it works for 7 days):\n${CONFIRM_LINK}\n\n` +
        'If it was not you, ignore this message: you will receive nothing from us.\n',
    });
  });

  it("leave a link's and a newsletter issue's own characters as they are (plain text: nothing escaped or interpolated)", async () => {
    const { confirmationMail, newsletterMail } = await compose();
    const link = 'https://vedere.example/newsletter/confirm?token=a&b=<c>"{{d}}"$t(e)$&';
    expect(confirmationMail('ana@example.com', 'en', link).text).toContain(`\n${link}\n`);
    const issue = newsletterMail('ana@example.com', 'ro', UNSUBSCRIBE_LINK, { subject: 'Noutăți & <altele>', text: 'Text {{brand}}\n' });
    expect(issue.subject).toBe('Noutăți & <altele>');
    expect(issue.text.startsWith('Text {{brand}}\n\n--\n')).toBe(true);
  });
});

describe('a mail in a locale the site has not', () => {
  it('is refused, never sent with its texts’ keys for words', async () => {
    const { confirmationMail, welcomeMail } = await compose();
    expect(() => confirmationMail('ana@example.com', 'xx' as never, CONFIRM_LINK)).toThrow('No mails in "xx"');
    expect(() => welcomeMail('ana@example.com', 'xx' as never, UNSUBSCRIBE_LINK)).toThrow('No mails in "xx"');
  });
});
