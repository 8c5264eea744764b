// The user service's reads that a page's first render may show: each a POST without a body,
// named as useServiceRead keys its answer. One list for the browser (each page's read) and the
// site's server (a signed-in page's reads, made with the visitor's token and handed over), so
// that what the server reads for a page is what the page would have read.
import { runServiceCall, type CallResult, type ServiceCall, type SuccessBody } from './callResult';
import type { UserServiceClient } from './userService';

export const SERVICE_READS = {
  'get-user-info': (client: UserServiceClient, init?: RequestInit) => client['get-user-info'].$post(undefined, { init }),
  'get-subscription-info': (client: UserServiceClient, init?: RequestInit) => client['get-subscription-info'].$post(undefined, { init }),
  'get-device-info': (client: UserServiceClient, init?: RequestInit) => client['get-device-info'].$post(undefined, { init }),
  'local-billing/portal': (client: UserServiceClient, init?: RequestInit) => client['local-billing'].portal.$post(undefined, { init }),
};

export type ServiceReadName = keyof typeof SERVICE_READS;

/** What a read answers when it succeeds, as the service's route types it. */
export type ServiceReadAnswer<N extends ServiceReadName> = SuccessBody<Awaited<ReturnType<(typeof SERVICE_READS)[N]>>>;

export const isServiceReadName = (name: string): name is ServiceReadName => Object.hasOwn(SERVICE_READS, name);

/** A read as a call (under the caller's time limit and abort signal), through the client `client()` gives when it runs. */
export function serviceRead<N extends ServiceReadName>(name: N, client: () => UserServiceClient): ServiceCall<ServiceReadAnswer<N>> {
  const read = SERVICE_READS[name] as (client: UserServiceClient, init?: RequestInit) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  return (init) => runServiceCall(() => read(client(), init)) as Promise<CallResult<ServiceReadAnswer<N>>>;
}
