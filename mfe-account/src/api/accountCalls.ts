import {
  runServiceCall,
  serviceRead,
  userService,
  type AccountDataExport,
  type DeviceInfo,
  type LocalPlan,
  type LocalPortalState,
  type LocalPortalUpdate,
  type PortalFlow,
  type ServiceCall,
  type SubscriptionInfo,
} from '@site/shared-ui';

/** The answer a call settles with, as its route types it. */
type CallData<C> = C extends (init: RequestInit) => Promise<infer R> ? (R extends { ok: true; data: infer T } ? T : never) : never;

// What the account pages read and send: the service's own types (shared-ui derives them from its routes).
export type { DeviceInfo, LocalPlan, LocalPortalState, LocalPortalUpdate, PortalFlow, SubscriptionInfo };

// Each call takes the request's init (its abort signal) and settles: an answer or a failure. The
// reads are the user service's own (shared-ui's SERVICE_READS, which the site's server makes too,
// for a page that names them: each page's serverReads), keyed in the query client by their names.
export const getSubscriptionInfo: ServiceCall<SubscriptionInfo> = serviceRead('get-subscription-info', userService);

export const getDeviceInfo: ServiceCall<DeviceInfo> = serviceRead('get-device-info', userService);

export const resetLinkedDevice: ServiceCall<DeviceInfo> = (init) => runServiceCall(() => userService()['reset-linked-device'].$post(undefined, { init }));

/** The simulated checkout of the embedded default (the service's local billing). */
export const localCheckout = (plan: LocalPlan) =>
  ((init) => runServiceCall(() => userService()['local-billing'].checkout.$post({ json: { plan } }, { init }))) satisfies ServiceCall<unknown>;

export const getLocalPortal: ServiceCall<LocalPortalState> = serviceRead('local-billing/portal', userService);

export const updateLocalPortal =
  (update: LocalPortalUpdate): ServiceCall<LocalPortalState> =>
  (init) =>
    runServiceCall(() => userService()['local-billing'].portal.update.$post({ json: update }, { init }));

/** A Stripe customer-portal session for the signed-in user, made by the service (it holds the Stripe key). */
export const openPortalSession = (flow: PortalFlow, returnUrl: string) =>
  ((init) => runServiceCall(() => userService()['billing-portal'].session.$post({ json: { flow, returnUrl } }, { init }))) satisfies ServiceCall<unknown>;

/** The user's data, as the service exports it, with the name it is saved under and its text as sent. */
export interface DataFile {
  fileName: string;
  text: string;
  data: AccountDataExport;
}

/** The file name the service gives (Content-Disposition), else one from the export's date. */
const fileNameOf = (disposition: string | null, data: AccountDataExport) =>
  /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? `account-data-${data.exportedAt.slice(0, 10)}.json`;

/** POST /export-account-data: everything the service holds about the user, and the file it is sent as. */
export const exportAccountData: ServiceCall<DataFile> = async (init) => {
  let sent = { text: '', disposition: null as string | null };
  const result = await runServiceCall(async () => {
    const response = await userService()['export-account-data'].$post(undefined, { init });
    if (!response.ok) return response;
    // Kept as sent: the file saved is the service's text, not a re-serialisation of it.
    sent = { text: await response.text(), disposition: response.headers.get('Content-Disposition') };
    return { ok: true, status: response.status, json: async () => JSON.parse(sent.text) as AccountDataExport };
  });
  if (!result.ok) return result;
  return { ok: true, data: { fileName: fileNameOf(sent.disposition, result.data), text: sent.text, data: result.data } };
};

/** POST /delete-account: cancels the subscription, removes the data and the sign-in, in that order. */
export const deleteAccount = ((init) => runServiceCall(() => userService()['delete-account'].$post({ json: { confirm: true } }, { init }))) satisfies ServiceCall<unknown>;

/** POST /account-deletion-status: a deletion of this account under way (or one that could not finish), else null. */
export const accountDeletionStatus = ((init) => runServiceCall(() => userService()['account-deletion-status'].$post(undefined, { init }))) satisfies ServiceCall<unknown>;

/** What a deletion answers: how many subscriptions it cancelled on the way. */
export type AccountDeletion = CallData<typeof deleteAccount>;
/** What the local checkout answers. */
export type LocalCheckout = CallData<ReturnType<typeof localCheckout>>;
