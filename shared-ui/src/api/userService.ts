import type { AppType } from '@site/service-user';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { runtimeConfig } from '../runtimeConfig';

/** Supplies the current Firebase ID token (the session module), or null when signed out. */
export type TokenSource = () => Promise<string | null>;

/**
 * The one client of the user service, typed from the service's own routes (Hono RPC): a contract
 * change breaks the build, not the user. It attaches the token as a Bearer header; it never
 * sends cookies.
 */
export function createUserServiceClient(
  getToken: TokenSource,
  { baseUrl = runtimeConfig().userServiceUrl, fetch: fetchImpl }: { baseUrl?: string; fetch?: typeof fetch } = {},
) {
  return hc<AppType>(baseUrl, {
    fetch: fetchImpl,
    init: { credentials: 'omit' },
    headers: async (): Promise<Record<string, string>> => {
      const token = await getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}

export type UserServiceClient = ReturnType<typeof createUserServiceClient>;

/** A contact message as the service's schema takes it (a change there fails the forms' typecheck). */
export type ContactMessage = InferRequestType<UserServiceClient['contact']['$post']>['json'];

/** The error shape every failed call answers with. */
export interface UserServiceError {
  error: { code: string; message: string };
}

/** Everything the service holds about the signed-in user, as it exports it (POST /export-account-data). */
export type AccountDataExport = InferResponseType<UserServiceClient['export-account-data']['$post'], 200>;

/** The local customer portal's view of the subscription, as the service answers it (POST /local-billing/portal). */
export type LocalPortalState = InferResponseType<UserServiceClient['local-billing']['portal']['$post'], 200>;
