import { act, screen, within } from '@testing-library/react';
import { setLocale, SiteProviders, StaticRouter } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import '../i18n/register';
import { Footer } from './Footer';

beforeEach(() => {
  act(() => setLocale('ro'));
  delete window.__APP_CONFIG__;
});

describe('footer', () => {
  it('links the configured social networks only', () => {
    window.__APP_CONFIG__ = { social: { facebook: 'https://facebook.example/vedere', youtube: 'https://youtube.example/@vedere' } };
    renderWithSite(<Footer />);
    const follow = screen.getByRole('navigation', { name: 'Urmăriți-ne' });
    const links = within(follow).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Facebook (deschide alt site)', 'https://facebook.example/vedere'],
      ['YouTube (deschide alt site)', 'https://youtube.example/@vedere'],
    ]);
  });

  it('shows no follow-us list, rather than dead links, when no network is configured', () => {
    renderWithSite(<Footer />);
    expect(screen.queryByRole('navigation', { name: 'Urmăriți-ne' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Facebook|Instagram|YouTube/ })).not.toBeInTheDocument();
  });

  it('has the brand link home, the useful links, each to a page of its own, and the current year', () => {
    renderWithSite(<Footer />);
    expect(screen.getByRole('link', { name: 'Vedere, pagina principală' })).toHaveAttribute('href', '/');
    const useful = within(screen.getByRole('navigation', { name: 'Linkuri utile' })).getAllByRole('link');
    expect(useful).toHaveLength(3);
    for (const link of useful) {
      expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(link).toHaveAccessibleName(/\(deschide alt site\)$/);
    }
    // No two links of the footer lead to the same address under different names.
    const external = screen.getAllByRole('link').filter((a) => /^https?:/.test(a.getAttribute('href') ?? ''));
    expect(new Set(external.map((a) => a.getAttribute('href'))).size).toBe(external.length);
    expect(screen.getByText(`© ${new Date().getFullYear()} Vedere. Toate drepturile rezervate.`)).toBeInTheDocument();
  });

  it('links the prices, the privacy notice and the terms, on every page', () => {
    renderWithSite(<Footer />);
    const service = within(screen.getByRole('navigation', { name: 'Abonamentul' })).getAllByRole('link');
    expect(service.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Prețuri și perioada de probă', '/#plans'],
      ['Politica de confidențialitate', '/privacy'],
      ['Termenii abonamentului', '/terms'],
    ]);
  });

  it("offers the Android app, with a name that says where it goes, and says the iPhone app's status", () => {
    window.__APP_CONFIG__ = { androidAppUrl: 'https://play.google.com/store/apps/details?id=example' };
    renderWithSite(<Footer />);
    expect(screen.getByRole('link', { name: 'Descărcați aplicația pentru Android din Magazin Google Play (alt site)' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=example',
    );
    expect(screen.getByText('Versiunea pentru iPhone va fi disponibilă în curând în App Store.')).toBeInTheDocument();
  });

  it('is drawn on the server without a year, which the browser adds once hydrated: HTML kept since last year hydrates with no mismatch', async () => {
    // Only the clock is faked: React's scheduler keeps the real timers.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    const page = (
      <SiteProviders>
        <StaticRouter location="/">
          <Footer />
        </StaticRouter>
      </SiteProviders>
    );
    const container = document.createElement('div');
    document.body.append(container);
    try {
      jest.setSystemTime(new Date('2025-12-31T23:00:00Z'));
      container.innerHTML = renderToString(page);
      expect(container.textContent).toContain('© Vedere. Toate drepturile rezervate.');
      expect(container.textContent).not.toMatch(/\d{4}/);

      jest.setSystemTime(new Date('2026-01-01T09:00:00Z'));
      const mismatches = jest.fn();
      const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: mismatches }));
      expect(container.textContent).toContain('© 2026 Vedere. Toate drepturile rezervate.');
      expect(mismatches).not.toHaveBeenCalled();
      act(() => root.unmount());
    } finally {
      container.remove();
      jest.useRealTimers();
    }
  });

  it('adds the year in a transition: an update React draws at once would finish the rest of a hydrating page in that one task', () => {
    const transition = jest.spyOn(jest.requireActual<typeof import('react')>('react'), 'startTransition');
    try {
      renderWithSite(<Footer />);
      expect(transition).toHaveBeenCalledTimes(1);
      expect(screen.getByText(`© ${new Date().getFullYear()} Vedere. Toate drepturile rezervate.`)).toBeInTheDocument();
    } finally {
      transition.mockRestore();
    }
  });

  it('says where to find help: contact, the questions, the accessibility statement', () => {
    renderWithSite(<Footer />);
    const help = within(screen.getByRole('navigation', { name: 'Ajutor' })).getAllByRole('link');
    expect(help.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Contact', '/contact'],
      ['Întrebări frecvente', '/#faq'],
      ['Declarația de accesibilitate', '/accessibility'],
    ]);
  });
});
