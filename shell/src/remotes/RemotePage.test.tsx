import { PageHeading } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n/register';
import { loadPage, readyPage } from './federation';
import { reportRemoteEvent, RemoteLoadFailure } from './health';
import { RemotePage } from './RemotePage';

jest.mock('./federation', () => ({ loadPage: jest.fn(), prefetchPage: jest.fn(async () => undefined), readyPage: jest.fn() }));
jest.mock('./health', () => ({ ...jest.requireActual('./health'), reportRemoteEvent: jest.fn() }));

const load = loadPage as jest.MockedFunction<typeof loadPage>;
const page = { remote: 'mfe_marketing', module: './LandingPage' } as const;
const reported = () => (reportRemoteEvent as jest.Mock).mock.calls;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(readyPage).mockReturnValue(undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe("a remote's page and its health", () => {
  it('counts one view once the page has rendered, loaded as a navigation', async () => {
    load.mockResolvedValue({ default: () => <h1>Acasă</h1> });
    renderWithSite(<RemotePage page={page} />);
    await screen.findByRole('heading', { name: 'Acasă' });
    await waitFor(() => expect(reported()).toEqual([['mfe_marketing', 'view']]));
    expect(load).toHaveBeenCalledWith(page, { atNavigation: true });
  });

  it('counts a view and a render error for a page that throws, and shows the fallback', async () => {
    load.mockResolvedValue({
      default: () => {
        throw new Error('broken landing page');
      },
    });
    renderWithSite(<RemotePage page={page} />);
    await screen.findByRole('button');
    expect(reported()).toEqual([
      ['mfe_marketing', 'view'],
      ['mfe_marketing', 'render_error'],
    ]);
  });

  it('counts a view, and no render error, for a page the loader already counted as a load failure', async () => {
    load.mockRejectedValue(new RemoteLoadFailure('mfe_marketing', new Error('entry 404')));
    renderWithSite(<RemotePage page={page} />);
    await screen.findByRole('button');
    expect(reported()).toEqual([['mfe_marketing', 'view']]);
  });
});

describe("a remote's page whose code has loaded", () => {
  it('is drawn in the commit that mounts it: no loading status, nothing loaded again, its view counted', async () => {
    jest.mocked(readyPage).mockReturnValue({ default: () => <h1>Prețuri</h1> });
    renderWithSite(<RemotePage page={page} />);
    // Synchronously, in the first commit: a suspended page would be revealed no sooner than 300 ms after its status.
    expect(screen.getByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(readyPage).toHaveBeenCalledWith(page);
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(reported()).toEqual([['mfe_marketing', 'view']]));
  });

  it('is loaded by the navigation, behind its loading status, when it is not ready', async () => {
    jest.mocked(readyPage).mockReturnValue(undefined);
    let arrive!: (module: { default: () => React.JSX.Element }) => void;
    load.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    renderWithSite(<RemotePage page={page} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Prețuri</h1> }));
    expect(await screen.findByRole('heading', { name: 'Prețuri' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(page, { atNavigation: true });
  });
});

describe("a remote's page that fails", () => {
  it('shows the translated failure in its place, and on retry loads the page afresh, its heading focused', async () => {
    load.mockRejectedValueOnce(new RemoteLoadFailure('mfe_marketing', new Error('entry 404')));
    renderWithSite(<RemotePage page={page} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Această pagină nu s-a putut încărca' })).toBeInTheDocument();
    load.mockResolvedValueOnce({ default: () => <PageHeading>Acasă</PageHeading> });
    await userEvent.click(screen.getByRole('button', { name: 'Încercați din nou' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acasă' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Acasă' })).toHaveFocus());
  });

  it('logs what it caught, and keeps failing alone while the remote stays down', async () => {
    load.mockRejectedValue(new RemoteLoadFailure('mfe_marketing', new Error('entry 404')));
    renderWithSite(<RemotePage page={page} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Încercați din nou' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Încercați din nou' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('A remote failed to load or render', expect.any(RemoteLoadFailure), expect.any(String));
  });
});
