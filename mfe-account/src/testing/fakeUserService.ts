import { userService, useSession, type SessionState } from '@site/shared-ui';

// Used with: jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

/** An answer of the user service, as the typed client returns it. */
export const answer = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body });

/** A file the service sends: its text, and the name it gives it (Content-Disposition). */
export const fileAnswer = (body: unknown, fileName: string) => {
  const text = JSON.stringify(body);
  return {
    ok: true,
    status: 200,
    headers: new Headers({ 'Content-Disposition': `attachment; filename="${fileName}"` }),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
};

/** A call that never answers (a service that hangs), and one whose network fails. */
type Answer = ReturnType<typeof answer>;
export const never = (): Promise<Answer> => new Promise(() => undefined);
export const networkError = async (): Promise<Answer> => {
  throw new TypeError('Failed to fetch');
};

type Handler = jest.Mock;

/** Replaces the user service with handlers for the calls the account pages make. */
export function fakeUserService(
  handlers: Partial<
    Record<'subscription' | 'device' | 'reset' | 'checkout' | 'portal' | 'portalUpdate' | 'portalSession' | 'exportData' | 'deleteAccount' | 'deletionStatus', Handler>
  >,
) {
  const none = () => jest.fn(never);
  const client = {
    'get-subscription-info': { $post: handlers.subscription ?? none() },
    'get-device-info': { $post: handlers.device ?? none() },
    'reset-linked-device': { $post: handlers.reset ?? none() },
    'local-billing': {
      checkout: { $post: handlers.checkout ?? none() },
      portal: { $post: handlers.portal ?? none(), update: { $post: handlers.portalUpdate ?? none() } },
    },
    'billing-portal': { session: { $post: handlers.portalSession ?? none() } },
    'export-account-data': { $post: handlers.exportData ?? none() },
    'delete-account': { $post: handlers.deleteAccount ?? none() },
    // Unanswered unless a test says otherwise: the account tab offers the deletion meanwhile.
    'account-deletion-status': { $post: handlers.deletionStatus ?? none() },
  };
  jest.mocked(userService).mockReturnValue(client as never);
  return client;
}

export const signedIn: SessionState = { status: 'signedIn', user: { uid: 'uid-ana', email: 'ana.pop@exemplu.ro', name: null } };
export const setSession = (state: SessionState = signedIn) => jest.mocked(useSession).mockReturnValue(state);

/** Sets window.__APP_CONFIG__ for one test (runtime configuration). */
export function setRuntimeConfig(config: NonNullable<Window['__APP_CONFIG__']>) {
  window.__APP_CONFIG__ = config;
}
