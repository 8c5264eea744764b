import { settle, userService, type AccountDataExport, type CallResult, type LocalPortalState } from '@site/shared-ui';

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

/** The local customer portal's view of the subscription: the service's answer, typed from it (shared-ui). */
export type { LocalPortalState };

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

/** The user's data, as the service exports it, with the name it is saved under and its text as sent. */
export interface DataFile {
  fileName: string;
  text: string;
  data: AccountDataExport;
}

/** The file name the service gives (Content-Disposition), else one from the export's date. */
const fileNameOf = (disposition: string | null, data: AccountDataExport) =>
  /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? `account-data-${data.exportedAt.slice(0, 10)}.json`;

/** POST /export-account-data: everything the service holds about the user. */
export const exportAccountData: AccountCall<DataFile> = (init) =>
  settle(async () => {
    const response = await userService()['export-account-data'].$post(undefined, { init });
    if (!response.ok) return response;
    const text = await response.text();
    const fileName = response.headers.get('Content-Disposition');
    return {
      ok: true,
      status: response.status,
      json: async () => {
        const data = JSON.parse(text) as AccountDataExport;
        return { fileName: fileNameOf(fileName, data), text, data };
      },
    };
  });

/** POST /delete-account: cancels the subscription, removes the data and the sign-in, in that order. */
export const deleteAccount: AccountCall<{ deleted: true; subscriptionsCancelled: number }> = (init) =>
  settle(() => userService()['delete-account'].$post({ json: { confirm: true } }, { init }));
