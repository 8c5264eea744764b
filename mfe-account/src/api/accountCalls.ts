import { settle, userService, type CallResult } from '@site/shared-ui';

/** What the account pages read from the user service (spec section 3). */
export interface SubscriptionInfo {
  isActive: boolean;
  isTrial: boolean;
  trialEndTimestamp: number | null;
  productName: string | null;
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
