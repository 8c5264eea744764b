import { screen } from '@testing-library/react';
import { renderWithSite } from '../testing/renderWithSite';
import { Container } from './Container';

describe('the readable-width container', () => {
  it('adds no role or name of its own: a screen reader hears only what it holds', () => {
    renderWithSite(
      <Container data-testid="frame">
        <h1>Contact</h1>
      </Container>,
    );
    const frame = screen.getByTestId('frame');
    expect(frame.tagName).toBe('DIV');
    expect(frame).not.toHaveAttribute('role');
    expect(frame).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' }).parentElement).toBe(frame);
  });
});
