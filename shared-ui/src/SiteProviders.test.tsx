import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createSiteQueryClient, userQueryKey } from './api/queryClient';
import { onSessionEnd } from './session/session';
import { SiteProviders } from './SiteProviders';

jest.mock('./session/session', () => ({ ...jest.requireActual('./session/session'), onSessionEnd: jest.fn(() => () => undefined) }));

function ClientIn({ found }: { found: (client: QueryClient) => void }) {
  found(useQueryClient());
  return null;
}

describe("the site's providers", () => {
  it('give the page the query client the shell made (which the remotes share)', () => {
    const client = createSiteQueryClient();
    let found: unknown;
    render(
      <SiteProviders queryClient={client}>
        <ClientIn found={(c) => (found = c)} />
      </SiteProviders>,
    );
    expect(found).toBe(client);
  });

  it("give a local host, a server render or a test a client of its own, made like the site's, kept while it is drawn", () => {
    const found: QueryClient[] = [];
    const page = () => (
      <SiteProviders>
        <ClientIn found={(c) => found.push(c)} />
      </SiteProviders>
    );
    const { rerender } = render(page());
    const own = found[0]!;
    expect(own).toBeInstanceOf(QueryClient);
    expect(own.getDefaultOptions().queries?.retry).toBe(false);
    rerender(page());
    expect(found).toHaveLength(2);
    expect(found[1]).toBe(own);

    // Another render's providers have another client: what one read, the other does not see.
    render(
      <SiteProviders>
        <ClientIn found={(c) => found.push(c)} />
      </SiteProviders>,
    );
    const other = found.at(-1)!;
    expect(other).not.toBe(own);
    own.setQueryData(userQueryKey('uid-ana', 'get-device-info'), { deviceId: 'p1', deviceName: 'Pixel' });
    expect(other.getQueryData(userQueryKey('uid-ana', 'get-device-info'))).toBeUndefined();
  });

  it('forget what was read for the user when the session ends', () => {
    const client = createSiteQueryClient();
    client.setQueryData(userQueryKey('uid-ana', 'get-device-info'), { deviceId: 'p1', deviceName: 'Pixel' });
    render(<SiteProviders queryClient={client}>page</SiteProviders>);
    const ended = jest.mocked(onSessionEnd).mock.calls.at(-1)![0];
    act(() => ended('signedOut'));
    expect(client.getQueryData(userQueryKey('uid-ana', 'get-device-info'))).toBeUndefined();
  });
});
