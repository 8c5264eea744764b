import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n/register';
import { answer, fakeUserService, networkError, setSession } from '../../testing/fakeUserService';
import ResetLinkedDevicePage from './ResetLinkedDevicePage';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

const linked = () => jest.fn(async () => answer({ deviceId: 'phone-1', deviceName: 'Pixel 8' }));

beforeEach(() => {
  act(() => setLocale('ro'));
  setSession();
});

describe('unlinking the phone', () => {
  it('explains what unlinking does, asks for confirmation, unlinks and announces it', async () => {
    const user = userEvent.setup();
    const reset = jest.fn(async () => answer({ deviceId: null, deviceName: null }));
    fakeUserService({ device: linked(), reset });
    renderWithSite(<ResetLinkedDevicePage />);
    expect(screen.getByText(/aplicația de pe acel telefon nu vă mai recunoaște contul/)).toBeInTheDocument();
    expect(await screen.findByText('Pixel 8')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deconectați telefonul' }));
    expect(reset).not.toHaveBeenCalled();
    const question = screen.getByRole('heading', { name: 'Sigur doriți să deconectați „Pixel 8”?' });
    expect(question).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Sigur doriți să deconectați „Pixel 8”?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Da, deconectați' }));
    const status = await screen.findByText(/Telefonul „Pixel 8” a fost deconectat/);
    // Said once, by the focus it takes: not a live region too.
    expect(status).not.toHaveAttribute('role');
    expect(status).toHaveFocus();
    expect(reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Înapoi la telefonul conectat, în contul meu' })).toHaveAttribute('href', '/account?tab=device');
  });

  it('changes nothing when the user cancels, and gives focus back', async () => {
    const user = userEvent.setup();
    const reset = jest.fn();
    fakeUserService({ device: linked(), reset });
    renderWithSite(<ResetLinkedDevicePage />);
    await user.click(await screen.findByRole('button', { name: 'Deconectați telefonul' }));
    await user.click(screen.getByRole('button', { name: 'Renunțați' }));
    expect(reset).not.toHaveBeenCalled();
    await screen.findByRole('button', { name: 'Deconectați telefonul' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByRole('button', { name: 'Deconectați telefonul' })).toHaveFocus();
  });

  it('shows a failure and lets the user try again', async () => {
    const user = userEvent.setup();
    const reset = jest.fn(networkError);
    fakeUserService({ device: linked(), reset });
    renderWithSite(<ResetLinkedDevicePage />);
    await user.click(await screen.findByRole('button', { name: 'Deconectați telefonul' }));
    await user.click(screen.getByRole('button', { name: 'Da, deconectați' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nu am putut încărca telefonul');
    reset.mockResolvedValue(answer({ deviceId: null, deviceName: null }));
    await user.click(screen.getByRole('button', { name: 'Da, deconectați' }));
    expect(await screen.findByText(/a fost deconectat/)).toBeInTheDocument();
  });

  it('says when no phone is linked, with nothing to unlink', async () => {
    fakeUserService({ device: jest.fn(async () => answer({ deviceId: null, deviceName: null })) });
    renderWithSite(<ResetLinkedDevicePage />);
    expect(await screen.findByText(/Niciun telefon nu este conectat/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deconectați telefonul' })).not.toBeInTheDocument();
  });
});
