import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen } from '@testing-library/react';
import '../../../i18n/register';
import { answer, fakeUserService } from '../../../testing/fakeUserService';
import { DeviceTab } from './DeviceTab';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

beforeEach(() => act(() => setLocale('ro')));

describe('the device tab', () => {
  it('shows the linked phone and a link to change it', async () => {
    fakeUserService({ device: jest.fn(async () => answer({ deviceId: 'phone-1', deviceName: 'Pixel 8' })) });
    renderWithSite(<DeviceTab />);
    expect(await screen.findByText('Pixel 8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schimbați telefonul' })).toHaveAttribute('href', '/reset-linked-device');
  });

  it('says that no phone is linked, and offers no change link', async () => {
    fakeUserService({ device: jest.fn(async () => answer({ deviceId: null, deviceName: null })) });
    renderWithSite(<DeviceTab />);
    expect(await screen.findByText(/Niciun telefon nu este conectat la cont/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schimbați telefonul' })).not.toBeInTheDocument();
  });
});
