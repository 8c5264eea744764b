import { screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../../testing/axe';
import { renderWithSite } from '../../testing/renderWithSite';
import { Section } from './Section';

describe('a section of a page', () => {
  it('is a region named by its own h2, with the anchor id links lead to', () => {
    renderWithSite(
      <Section id="features" title="What it does">
        <p>Reads text aloud.</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'What it does' });
    expect(region).toHaveAttribute('id', 'features');
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'What it does' })).toBe(region.firstElementChild);
    expect(region).toHaveTextContent('Reads text aloud.');
  });

  it('puts its introduction right after the heading, and none when there is none', () => {
    const { unmount } = renderWithSite(<Section id="team" title="Our team" intro="The people behind the app." />);
    expect(screen.getByRole('heading', { level: 2 }).nextElementSibling).toHaveTextContent('The people behind the app.');
    unmount();
    renderWithSite(<Section id="faq" title="Questions" />);
    expect(screen.getByRole('region', { name: 'Questions' }).children).toHaveLength(1);
  });

  it('takes focus when a link leads to its anchor, without being a tab stop', () => {
    renderWithSite(<Section id="faq" title="Questions" />);
    const region = screen.getByRole('region', { name: 'Questions' });
    expect(region).toHaveAttribute('tabindex', '-1');
    region.focus();
    expect(region).toHaveFocus();
  });

  it('passes axe, with and without an introduction', async () => {
    const { container, unmount } = renderWithSite(
      <Section id="cta" title="Try it" intro="Fourteen days free.">
        <a href="/login">Start</a>
      </Section>,
    );
    await expectNoAxeViolations(container);
    unmount();
    const second = renderWithSite(<Section id="faq" title="Questions" />);
    await expectNoAxeViolations(second.container);
  });
});
