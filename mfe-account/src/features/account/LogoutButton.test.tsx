import { setLocale, signOut, SiteProviders } from '@site/shared-ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n/register';
import { LogoutButton } from './LogoutButton';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), signOut: jest.fn() }));

const renderButton = () =>
  render(
    <SiteProviders>
      <LogoutButton />
    </SiteProviders>,
  );
beforeEach(() => act(() => setLocale('ro')));

describe('logging out', () => {
  it('says it is logging out while it works', async () => {
    jest.mocked(signOut).mockClear();
    let finish!: () => void;
    jest.mocked(signOut).mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Deconectare' }));
    // Disabled while it works, and still focused: the keyboard's focus does not drop to the page's body.
    const working = screen.getByRole('button', { name: 'Se deconectează…' });
    expect(working).toHaveAttribute('aria-disabled', 'true');
    expect(working).toHaveFocus();
    await userEvent.click(working);
    expect(signOut).toHaveBeenCalledTimes(1);
    await act(async () => finish());
  });

  it('shows a failure to the user, and lets them try again', async () => {
    jest.mocked(signOut).mockRejectedValue(new Error('auth/network-request-failed'));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Deconectare' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nu v-am putut deconecta.');
    expect(screen.getByRole('button', { name: 'Deconectare' })).not.toHaveAttribute('aria-disabled');
  });
});
