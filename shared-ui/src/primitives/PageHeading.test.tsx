import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { registerNamespace, setLocale } from '../i18n/i18n';
import { requestFocusAfterNavigation } from '../navigationFocus';
import { renderWithSite } from '../testing/renderWithSite';
import { PageHeading, PageIntro } from './PageHeading';

beforeEach(() => act(() => setLocale('ro')));

describe("the page's heading", () => {
  it('is the page\'s one h1 and names the document: "<page> · <brand>"', () => {
    renderWithSite(<PageHeading>Contact</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(document.title).toBe('Contact · Vedere');
  });

  it("names the document with the title it is given when its text is not the page's name", () => {
    renderWithSite(<PageHeading title="Contul meu">Bine ați venit, Ana!</PageHeading>);
    expect(document.title).toBe('Contul meu · Vedere');
  });

  it('takes the focus after a navigation (and only then), without being a tab stop', () => {
    const { unmount } = renderWithSite(<PageHeading>Prețuri</PageHeading>);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).not.toHaveFocus();
    unmount();

    requestFocusAfterNavigation('');
    renderWithSite(<PageHeading>Despre noi</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Despre noi' })).toHaveFocus();
  });

  it("sends the focus to the section a navigation's #hash names instead", () => {
    requestFocusAfterNavigation('#faq');
    renderWithSite(
      <>
        <PageHeading>Acasă</PageHeading>
        <section id="faq" aria-label="Întrebări frecvente" />
      </>,
    );
    // The page is in place when the heading mounts, the sections after it included.
    const section = screen.getByRole('region', { name: 'Întrebări frecvente' });
    expect(section).toHaveFocus();
    expect(section).toHaveAttribute('tabindex', '-1');
  });

  it("follows the page's language in the document's name", () => {
    // The brand and its separator read the same in both languages: the page's own name is what changes.
    registerNamespace('headingProbe', { ro: { pricing: 'Prețuri' }, en: { pricing: 'Pricing' } });
    function PricingPage() {
      return <PageHeading>{useTranslation('headingProbe').t('pricing')}</PageHeading>;
    }
    renderWithSite(<PricingPage />);
    expect(document.title).toBe('Prețuri · Vedere');
    act(() => setLocale('en'));
    expect(document.title).toBe('Pricing · Vedere');
  });
});

describe("the page's introduction", () => {
  it('is the h1 followed by its lead paragraph', () => {
    renderWithSite(<PageIntro title="Despre noi" description="Cine suntem." />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Despre noi' });
    expect(heading.nextElementSibling).toHaveTextContent('Cine suntem.');
    expect(document.title).toBe('Despre noi · Vedere');
  });
});
