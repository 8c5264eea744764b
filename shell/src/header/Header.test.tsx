import { MemoryRouter, PageHeading, Route, Routes, setLocale, SiteProviders } from '@site/shared-ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n/register';
import { ScrollToTop } from '../navigation/ScrollToTop';
import { MAIN_ID } from '../navigation/SkipLink';
import { Header } from './Header';

jest.mock('../remotes/federation', () => ({ loadAhead: jest.fn(), loadPage: jest.fn(() => new Promise(() => {})) }));

function renderHeader(path = '/') {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <main id={MAIN_ID} tabIndex={-1}>
          <Routes>
            <Route path="*" element={<PageHeading>Pagina</PageHeading>} />
          </Routes>
        </main>
        <ScrollToTop />
      </MemoryRouter>
    </SiteProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  act(() => setLocale('ro'));
});

describe('navigation links', () => {
  it("offers home, about, features, contact, pricing (the landing page's plans, for a visitor) and login, in Romanian by default", () => {
    renderHeader();
    const nav = screen.getAllByRole('navigation', { name: 'Navigare principală' })[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Acasă', '/'],
      ['Despre noi', '/aboutus'],
      ['Funcționalități', '/#howItWorks'],
      ['Contact', '/contact'],
      ['Prețuri', '/#plans'],
      ['Autentificare', '/login'],
    ]);
  });

  it('marks the link of the current page with aria-current', () => {
    renderHeader('/contact');
    const nav = screen.getAllByRole('navigation', { name: 'Navigare principală' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Acasă' })).not.toHaveAttribute('aria-current');
  });

  it('shows "my account" instead of "login" when the login cookie says someone is signed in, before the auth SDK loads', () => {
    document.cookie = 'loginCookie=a.b.c; path=/';
    try {
      renderHeader();
      const nav = screen.getAllByRole('navigation', { name: 'Navigare principală' })[0]!;
      expect(within(nav).getByRole('link', { name: 'Contul meu' })).toHaveAttribute('href', '/account');
      expect(within(nav).queryByRole('link', { name: 'Autentificare' })).not.toBeInTheDocument();
      // Signed in, "Prices" is the pricing page, where the user subscribes.
      expect(within(nav).getByRole('link', { name: 'Prețuri' })).toHaveAttribute('href', '/pricing');
    } finally {
      document.cookie = 'loginCookie=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });
});

describe('theme switcher', () => {
  it('offers light, dark and system, with dark chosen by default', () => {
    renderHeader();
    const select = screen.getByRole('combobox', { name: 'Temă de culori' });
    expect(select).toHaveValue('dark');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['light', 'dark', 'system']);
  });

  it('applies and stores the chosen theme', async () => {
    renderHeader();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Temă de culori' }), 'light');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('language toggle', () => {
  it('switches to English, keeps the choice and sets <html lang>', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'English' });
    expect(toggle).toHaveAttribute('lang', 'en');
    await userEvent.click(toggle);
    expect(screen.getAllByRole('link', { name: 'About us' })[0]).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'Română' })).toHaveAttribute('lang', 'ro');
  });
});

describe('side panel (narrow screens)', () => {
  const panel = () => document.querySelector('dialog') as HTMLDialogElement;

  it('opens as a labelled modal dialog from the menu button', async () => {
    renderHeader();
    const opener = screen.getByRole('button', { name: 'Meniu' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(opener);
    expect(panel()).toHaveAttribute('open');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Meniu' })).toBe(panel());
  });

  it('closes with its close button and returns focus to the opener', async () => {
    renderHeader();
    const opener = screen.getByRole('button', { name: 'Meniu' });
    await userEvent.click(opener);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Închideți meniul' }));
    expect(panel()).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('draws its contents the first time it opens, then keeps them: closed and never opened, it holds nothing (the server draws none of it, the page hydrates none of it)', async () => {
    renderHeader();
    expect(panel()).toBeEmptyDOMElement();
    expect(panel()).not.toHaveAttribute('aria-labelledby');
    expect(screen.getAllByRole('navigation', { name: 'Navigare principală', hidden: true })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Meniu' }));
    expect(within(panel()).getByRole('navigation', { name: 'Navigare principală' })).toBeInTheDocument();
    expect(within(panel()).getByRole('combobox', { name: 'Temă de culori' })).toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Închideți meniul' }));
    expect(panel()).not.toHaveAttribute('open');
    expect(within(panel()).getByRole('link', { name: 'Contact', hidden: true })).toBeInTheDocument();
    expect(panel()).toHaveAttribute('aria-labelledby', within(panel()).getByRole('heading', { name: 'Meniu', hidden: true }).id);
  });

  it('closes when a link is chosen', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Meniu' }));
    await userEvent.click(within(panel()).getByRole('link', { name: 'Contact' }));
    expect(panel()).not.toHaveAttribute('open');
  });
});

describe('scroll to top', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  };

  it('appears only past 400px of scroll', () => {
    renderHeader();
    scrollTo(400);
    expect(screen.queryByRole('button', { name: 'Înapoi sus' })).not.toBeInTheDocument();
    scrollTo(401);
    expect(screen.getByRole('button', { name: 'Înapoi sus' })).toBeInTheDocument();
    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Înapoi sus' })).not.toBeInTheDocument();
  });

  it('appears on a page already scrolled when it is drawn, measuring it in a task of its own, not in the commit that draws it (where it would lay out the whole page)', async () => {
    const position = jest.fn(() => 900);
    Object.defineProperty(window, 'scrollY', { get: position, configurable: true });
    renderHeader();
    expect(position).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Înapoi sus' })).toBeInTheDocument();
    expect(position).toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('returns to the top and moves focus to the top of the page', async () => {
    const spy = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderHeader();
    scrollTo(900);
    await userEvent.click(screen.getByRole('button', { name: 'Înapoi sus' }));
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina' })).toHaveFocus();
  });

  it('is in the flow at the end of the page, after the footer: never over anything', () => {
    renderHeader();
    scrollTo(900);
    const button = screen.getByRole('button', { name: 'Înapoi sus' });
    expect(getComputedStyle(button).position).not.toBe('fixed');
    expect(getComputedStyle(button.parentElement!).position).not.toBe('fixed');
  });
});
