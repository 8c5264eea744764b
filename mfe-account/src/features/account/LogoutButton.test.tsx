import { setLocale, signOut, SiteProviders } from '@site/shared-ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n/register';
import { LogoutButton } from './LogoutButton';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), signOut: jest.fn() }));

const renderButton = () => render(<SiteProviders><LogoutButton /></SiteProviders>);
beforeEach(() => act(() => setLocale('ro')));

describe('logging out', () => {
  it('says it is logging out while it works', async () => {
    let finish!: () => void;
    jest.mocked(signOut).mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Deconectare' }));
    expect(screen.getByRole('button', { name: 'Se deconectează…' })).toBeDisabled();
    await act(async () => finish());
  });

  it('shows a failure to the user, and lets them try again', async () => {
    jest.mocked(signOut).mockRejectedValue(new Error('auth/network-request-failed'));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Deconectare' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nu v-am putut deconecta.');
    expect(screen.getByRole('button', { name: 'Deconectare' })).toBeEnabled();
  });
});
