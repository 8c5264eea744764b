import { screen } from '@testing-library/react';
import { renderWithSite } from '../testing/renderWithSite';
import { VisuallyHidden } from './VisuallyHidden';

describe('visually hidden text', () => {
  it("is read by screen readers as part of what it is in (here a link's name)", () => {
    renderWithSite(
      <a href="/contact" target="_blank">
        Contact us<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Contact us (opens in a new tab)' })).toBeInTheDocument();
  });

  it('is clipped out of sight, not removed from the accessibility tree (no display:none, no hidden)', () => {
    renderWithSite(<VisuallyHidden>Error:</VisuallyHidden>);
    const text = screen.getByText('Error:');
    const style = getComputedStyle(text);
    expect(style.position).toBe('absolute');
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.overflow).toBe('hidden');
    expect(style.display).not.toBe('none');
    expect(style.visibility).not.toBe('hidden');
    expect(text).not.toHaveAttribute('aria-hidden');
  });
});
