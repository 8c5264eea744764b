import { act, screen } from '@testing-library/react';
import { setLocale } from '../i18n/i18n';
import { renderWithSite } from '../testing/renderWithSite';
import { LoadingStatus } from './LoadingStatus';

beforeEach(() => act(() => setLocale('ro')));

describe('the loading status', () => {
  it('says "loading" politely (a status live region), in the page\'s language', () => {
    renderWithSite(<LoadingStatus />);
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă…');
    act(() => setLocale('en'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('says what is loading when told', () => {
    renderWithSite(<LoadingStatus label="Loading the sign-in form…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the sign-in form…');
    expect(screen.getByRole('status')).not.toHaveAttribute('aria-live', 'off');
  });
});
