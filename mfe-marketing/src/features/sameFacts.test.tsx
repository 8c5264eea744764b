import { act, screen } from '@testing-library/react';
import { FULL_PLAN_PRICE_LEI, i18n, setLocale, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@site/shared-ui';
import { renderWithSite } from '../testing/renderWithSite';
import { Faq } from './landing/Faq';
import { Hero } from './landing/Hero';
import { Plans } from './landing/Plans';
import TermsPage from './legal/TermsPage';

/** The figures a page says, in order: the numbers in its text. */
const figures = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

/** What a part of the site says in each language, opened in full (every FAQ answer is in the page). */
function said(ui: React.ReactElement): Record<'ro' | 'en', string> {
  const out = {} as Record<'ro' | 'en', string>;
  for (const locale of ['ro', 'en'] as const) {
    act(() => setLocale(locale));
    const { container, unmount } = renderWithSite(ui);
    out[locale] = container.textContent ?? '';
    unmount();
  }
  act(() => setLocale('ro'));
  return out;
}

describe('both languages state the same facts', () => {
  it("the plans: the trial's days, the price, and that no card is asked for", () => {
    const text = said(<Plans />);
    expect(figures(text.ro)).toEqual(figures(text.en));
    for (const locale of ['ro', 'en'] as const) {
      expect(figures(text[locale])).toEqual(expect.arrayContaining([TRIAL_DAYS, FULL_PLAN_PRICE_LEI]));
      // A free trial is said as free, never as a price of zero.
      expect(text[locale]).not.toMatch(/\b0 lei/);
    }
    expect(text.ro).toContain(`${FULL_PLAN_PRICE_LEI} lei / lună`);
    expect(text.en).toContain(`${FULL_PLAN_PRICE_LEI} lei a month`);
    expect(text.ro).toContain(`Gratuit ${TRIAL_DAYS} zile`);
    expect(text.en).toContain(`Free for ${TRIAL_DAYS} days`);
    expect(text.ro).toContain('nu vă cerem cardul');
    expect(text.en).toContain('We do not ask for a card');
  });

  it("the FAQ: the same figures, and the iPhone app's one status", () => {
    const text = said(<Faq />);
    expect(figures(text.ro)).toEqual(figures(text.en));
    expect(text.ro).toContain('Versiunea pentru iPhone va fi disponibilă în curând în App Store.');
    expect(text.en).toContain('The iPhone version is coming soon to the App Store.');
  });

  it("the hero: the same iPhone status as the FAQ's", () => {
    const hero = said(<Hero />);
    const faq = said(<Faq />);
    for (const locale of ['ro', 'en'] as const) {
      const status = i18n.t('app.iphone', { ns: 'common', lng: locale });
      expect(hero[locale]).toContain(status);
      expect(faq[locale]).toContain(status);
    }
  });

  it('the terms: the same price, trial and right of withdrawal', () => {
    const text = said(<TermsPage />);
    expect(figures(text.ro).filter((n) => n < 1000)).toEqual(figures(text.en).filter((n) => n < 1000));
    for (const locale of ['ro', 'en'] as const) expect(figures(text[locale])).toEqual(expect.arrayContaining([TRIAL_DAYS, FULL_PLAN_PRICE_LEI, WITHDRAWAL_DAYS]));
  });
});

it('draws the hero with the Android app first', () => {
  window.__APP_CONFIG__ = { androidAppUrl: 'https://play.google.com/store/apps/details?id=example' };
  try {
    renderWithSite(<Hero />);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Descărcați aplicația pentru Android din Magazin Google Play (alt site)');
    expect(links[1]).toHaveAttribute('href', '/#plans');
  } finally {
    delete window.__APP_CONFIG__;
  }
});
