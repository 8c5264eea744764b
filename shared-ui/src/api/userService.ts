import type { AppType } from '@site/service-user';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import type { StatusCode, SuccessStatusCode } from 'hono/utils/http-status';
import { runtimeConfig } from '../runtimeConfig';

/** Supplies the current Firebase ID token (the session module), or null when signed out. */
export type TokenSource = () => Promise<string | null>;

/**
 * The one client of the user service, typed from the service's own routes (Hono RPC): a contract
 * change breaks the build, not the user. It attaches the token as a Bearer header; it never
 * sends cookies.
 */
export function createUserServiceClient(getToken: TokenSource, { baseUrl = runtimeConfig().userServiceUrl, fetch: fetchImpl }: { baseUrl?: string; fetch?: typeof fetch } = {}) {
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

// What the front ends send and read, each typed from the service's own routes (never a copy): a
// change of an answer there fails the typecheck of every front end that reads it
// (responseTypes.typecheck.ts shows it).
type Answer<Call, Status extends StatusCode = SuccessStatusCode> = InferResponseType<Call, Status>;

/** A contact message as the service's schema takes it (a change there fails the forms' typecheck). */
export type ContactMessage = InferRequestType<UserServiceClient['contact']['$post']>['json'];

/** The error shape every failed call answers with. */
export interface UserServiceError {
  error: { code: string; message: string };
}

/** Everything the service holds about the signed-in user, as it exports it (POST /export-account-data). */
export type AccountDataExport = Answer<UserServiceClient['export-account-data']['$post']>;

/** The local customer portal's view of the subscription, as the service answers it (POST /local-billing/portal). */
export type LocalPortalState = Answer<UserServiceClient['local-billing']['portal']['$post']>;

/** What the trial guard reads (POST /get-user-info): whether a trial was ever activated, and a subscription is live. */
export type UserInfo = Answer<UserServiceClient['get-user-info']['$post']>;

/** The subscription tab's answer (POST /get-subscription-info). */
export type SubscriptionInfo = Answer<UserServiceClient['get-subscription-info']['$post']>;

/** The linked phone, nulls when none (POST /get-device-info, and /reset-linked-device's answer). */
export type DeviceInfo = Answer<UserServiceClient['get-device-info']['$post']>;

/** One of the site's own plans, as local billing's checkout takes it. */
export type LocalPlan = InferRequestType<UserServiceClient['local-billing']['checkout']['$post']>['json']['plan'];

/** A change made in the local customer portal (POST /local-billing/portal/update). */
export type LocalPortalUpdate = InferRequestType<UserServiceClient['local-billing']['portal']['update']['$post']>['json'];

/** Where Stripe's customer portal opens (POST /billing-portal/session). */
export type PortalFlow = InferRequestType<UserServiceClient['billing-portal']['session']['$post']>['json']['flow'];
