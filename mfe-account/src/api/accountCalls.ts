import { settle, userService, type CallResult } from '@site/shared-ui';

/** What the account pages read from the user service (spec section 3). */
export interface SubscriptionInfo {
  isActive: boolean;
  isTrial: boolean;
  trialEndTimestamp: number | null;
  productName: string | null;
  /** One of the site's own local plans (named in the page's language), else null. */
  plan: LocalPlan | null;
  /** When a subscription cancelled at its period's end stops (seconds); null when it renews. */
  cancelAt: number | null;
}

export interface DeviceInfo {
  deviceId: string | null;
  deviceName: string | null;
}

export type LocalPlan = 'trial' | 'full';

/** Each call takes the request's init (its abort signal) and settles: an answer or a failure. */
export type AccountCall<T> = (init: RequestInit) => Promise<CallResult<T>>;

export const getSubscriptionInfo: AccountCall<SubscriptionInfo> = (init) =>
  settle(() => userService()['get-subscription-info'].$post(undefined, { init }));

export const getDeviceInfo: AccountCall<DeviceInfo> = (init) =>
  settle(() => userService()['get-device-info'].$post(undefined, { init }));

export const resetLinkedDevice: AccountCall<DeviceInfo> = (init) =>
  settle(() => userService()['reset-linked-device'].$post(undefined, { init }));

/** The simulated checkout of the embedded default (the service's local billing). */
export const localCheckout = (plan: LocalPlan): AccountCall<{ plan: LocalPlan; completed: true }> => (init) =>
  settle(() => userService()['local-billing'].checkout.$post({ json: { plan } }, { init }));

/** The local customer portal's view of the subscription (the service's local billing; see LocalPortalPage). */
export interface LocalPortalState {
  subscription: {
    id: string;
    status: string;
    live: boolean;
    plan: LocalPlan | null;
    productName: string | null;
    currentPeriodEnd: number | null;
    cancelAt: number | null;
  } | null;
  switchTo: LocalPlan[];
}

export type LocalPortalUpdate =
  | { action: 'switch_plan'; subscription: string; plan: LocalPlan }
  | { action: 'cancel' | 'resume' | 'update_payment_method'; subscription: string };

export const getLocalPortal: AccountCall<LocalPortalState> = (init) =>
  settle(() => userService()['local-billing'].portal.$post(undefined, { init }));

export const updateLocalPortal = (update: LocalPortalUpdate): AccountCall<LocalPortalState> => (init) =>
  settle(() => userService()['local-billing'].portal.update.$post({ json: update }, { init }));

/** Where Stripe's customer portal opens: its home (to change plan), or straight at cancelling or at the card. */
export type PortalFlow = 'manage' | 'cancel' | 'payment_method';

/** A Stripe customer-portal session for the signed-in user, made by the service (it holds the Stripe key). */
export const openPortalSession = (flow: PortalFlow, returnUrl: string): AccountCall<{ url: string }> => (init) =>
  settle(() => userService()['billing-portal'].session.$post({ json: { flow, returnUrl } }, { init }));
