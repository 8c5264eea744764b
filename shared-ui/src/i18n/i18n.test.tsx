import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLocale, i18n, registerNamespace, setLocale } from './i18n';

afterEach(() => setLocale('ro'));

it('starts in Romanian, the default locale', () => {
  expect(currentLocale()).toBe('ro');
  expect(i18n.t('common:loading')).toBe('Se încarcă…');
});

it('switches to English, persists the choice under "locale" and sets <html lang>', () => {
  setLocale('en');
  expect(i18n.t('common:loading')).toBe('Loading…');
  expect(localStorage.getItem('locale')).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});

it('leaves <html lang> untouched when it already says the language (the browser would match every :lang() again)', async () => {
  setLocale('en');
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  setLocale('en');
  await Promise.resolve();
  changes.push(...observer.takeRecords());
  observer.disconnect();
  expect(changes).toEqual([]);
  expect(document.documentElement.lang).toBe('en');
});

it('lets each app add its own namespace in both languages', () => {
  registerNamespace('probe', { ro: { hello: 'Bună' }, en: { hello: 'Hello' } });
  expect(i18n.t('probe:hello')).toBe('Bună');
  setLocale('en');
  expect(i18n.t('probe:hello')).toBe('Hello');
});

it("keeps an app's strings as they are, neither copied nor merged (work on the page's start), and adds a namespace only once", () => {
  const ro = { page: { title: 'Titlu', steps: { first: 'Întâi' } } };
  const en = { page: { title: 'Title', steps: { first: 'First' } } };
  registerNamespace('kept', { ro, en });
  const stored = (locale: 'ro' | 'en') => (i18n.store.data[locale]?.kept as { page?: unknown } | undefined)?.page;
  expect(stored('ro')).toBe(ro.page);
  expect(stored('en')).toBe(en.page);
  expect(i18n.t('kept:page.steps.first')).toBe('Întâi');
  // A second copy of the app (another build of it) changes nothing already there.
  registerNamespace('kept', { ro: { page: { title: 'Altul' } }, en: { page: { title: 'Other' } } });
  expect(i18n.t('kept:page.title')).toBe('Titlu');
});

it("leaves what is drawn alone when another app adds its namespace (a remote's page arriving), and follows a change of language", () => {
  const renders = jest.fn();
  function Loading() {
    renders();
    return <p>{useTranslation('common').t('loading')}</p>;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Loading />
    </I18nextProvider>,
  );
  renders.mockClear();
  act(() => registerNamespace('arriving', { ro: { hello: 'Bună' }, en: { hello: 'Hello' } }));
  expect(renders).not.toHaveBeenCalled();
  act(() => setLocale('en'));
  expect(screen.getByText('Loading…')).toBeInTheDocument();
});

it("writes a date in the site's time zone, whatever the machine's: the server's HTML and the browser's say the same day", () => {
  // The tests' machine is far from the site's time zone (jest.config.cjs): the date below is the day before there.
  registerNamespace('dates', { ro: { on: 'pe {{date, datetime(dateStyle: long)}}' }, en: { on: 'on {{date, datetime(dateStyle: long)}}' } });
  // 22:30 UTC on 30 November is already 1 December in Bucharest (UTC+2).
  const lateEvening = new Date(Date.UTC(2026, 10, 30, 22, 30));
  expect(i18n.t('dates:on', { date: lateEvening })).toBe('pe 1 decembrie 2026');
  setLocale('en');
  expect(i18n.t('dates:on', { date: lateEvening })).toBe('on December 1, 2026');
});
