import { act, fireEvent, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setLocale } from '../i18n/i18n';
import { Link, useTranslation } from '../router';
import { SiteProviders } from '../SiteProviders';
import { renderWithSite } from '../testing/renderWithSite';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { StaticPart } from './StaticPart';
import { forgetStaticParts, keepStaticParts, keptStaticPart } from './staticParts';

/** The part's content: counts its renders, says a word in the page's language, links to /aboutus. */
const drawn = jest.fn();
function Content() {
  drawn();
  const { t } = useTranslation('common');
  return (
    <section aria-label="despre">
      <p>{t('plans.title')}</p>
      <Link to="/aboutus">Echipa</Link>
    </section>
  );
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function ThemeButton() {
  const { setPreference } = useThemeMode();
  return (
    <button type="button" onClick={() => setPreference('light')}>
      light
    </button>
  );
}

const page = (children: ReactNode = <Content />) => (
  <SiteProviders>
    <MemoryRouter initialEntries={['/']}>
      <StaticPart name="about">{children}</StaticPart>
      <Where />
      <ThemeButton />
    </MemoryRouter>
  </SiteProviders>
);

let container: HTMLElement;
let root: Root | null = null;

/** The page as the server draws it, then hydrated as the shell's start does (its static parts kept first). */
async function hydrateServerPage(): Promise<void> {
  container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(page());
  keepStaticParts(container, '/');
  drawn.mockClear();
  root = await act(async () => hydrateRoot(container, page()));
}

beforeEach(() => {
  localStorage.clear();
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  act(() => setLocale('ro'));
});

afterEach(() => {
  if (root) act(() => root?.unmount());
  root = null;
  container?.remove();
  forgetStaticParts();
});

describe('a static part of a page', () => {
  it('is the server’s HTML as it was once the page has hydrated: its components do not run, its elements are not React’s', async () => {
    await hydrateServerPage();
    const before = container.querySelector('section');
    expect(drawn).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'despre' })).toBe(before);
    expect(screen.getByText('Prețuri și perioada de probă')).toBeInTheDocument();
    // Hydrated elements carry React's fiber; the part's do not, the page's others do.
    const reactKeys = (element: Element) => Object.keys(element).filter((key) => key.startsWith('__react'));
    expect(reactKeys(before as Element)).toEqual([]);
    expect(reactKeys(screen.getByTestId('where')).length).toBeGreaterThan(0);
  });

  it('follows a link in it with the router on a plain click, and leaves a click with a modifier key to the browser', async () => {
    await hydrateServerPage();
    const link = screen.getByRole('link', { name: 'Echipa' });
    // Whether the page's handlers left the click to the browser, seen above them; then held (jsdom navigates no document).
    const leftToTheBrowser: boolean[] = [];
    const seeAndHold = (event: Event) => {
      leftToTheBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', seeAndHold);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', seeAndHold);
    expect(leftToTheBrowser).toEqual([true]);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    const plain = fireEvent.click(link);
    expect(plain).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/aboutus');
  });

  it('is drawn by its components, in the new language, once the visitor changes it', async () => {
    await hydrateServerPage();
    act(() => setLocale('en'));
    expect(drawn).toHaveBeenCalled();
    expect(screen.getByText('Prices and the free trial')).toBeInTheDocument();
    expect(screen.queryByText('Prețuri și perioada de probă')).not.toBeInTheDocument();
  });

  it('is drawn by its components once the theme changes (its styles are the theme’s)', async () => {
    await hydrateServerPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'light' })));
    expect(drawn).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'despre' })).toBeInTheDocument();
  });

  it('is drawn by its components on a page rendered in the browser, or one whose HTML was kept for another address', () => {
    keepStaticParts(Object.assign(document.createElement('div'), { innerHTML: '<div data-static-part="about"><p>stale</p></div>' }), '/contact');
    renderWithSite(
      <StaticPart name="about">
        <Content />
      </StaticPart>,
    );
    expect(drawn).toHaveBeenCalled();
    expect(screen.getByText('Prețuri și perioada de probă')).toBeInTheDocument();
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
  });

  it('is forgotten at the first navigation', () => {
    keepStaticParts(Object.assign(document.createElement('div'), { innerHTML: '<div data-static-part="about"><p>kept</p></div>' }), '/');
    expect(keptStaticPart('about', '/')).toBe('<p>kept</p>');
    forgetStaticParts();
    expect(keptStaticPart('about', '/')).toBeNull();
  });
});
