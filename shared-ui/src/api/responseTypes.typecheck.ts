// A typecheck fixture (`pnpm typecheck` compiles it; nothing imports it, nothing runs it). It shows
// that the answers the front ends read are the service's own types: each `@ts-expect-error` below
// must find an error. Were an answer typed `any` (a cast, a copy gone loose), the error would go,
// the directive would be unused, and the typecheck would fail; were an answer to drift from what
// is written here (a field renamed, retyped or dropped in the service), the assignments fail.
import type { CONTACT_FIELD_LIMITS } from '@site/contract/field-limits';
import { runServiceCall, type ServiceCall } from './callResult';
import type { DeviceInfo, LocalPlan, LocalPortalState, SubscriptionInfo, UserInfo, UserServiceClient } from './userService';

/** Exactly the same type both ways (not merely assignable, and not `any`). */
type Equal<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

// The answers as the service gives them today (service-user/src/store, routes/*).
same<UserInfo, { trialActivated: boolean; subscriptionActive: boolean }>(true);
same<DeviceInfo, { deviceId: string | null; deviceName: string | null }>(true);
same<LocalPlan, 'trial' | 'full'>(true);
same<SubscriptionInfo, { isActive: boolean; isTrial: boolean; trialEndTimestamp: number | null; productName: string | null; plan: LocalPlan | null; cancelAt: number | null }>(
  true,
);
same<LocalPortalState['switchTo'], LocalPlan[]>(true);
same<typeof CONTACT_FIELD_LIMITS, { readonly firstname: 100; readonly lastname: 100; readonly email: 254; readonly subject: 200; readonly message: 5000 }>(true);

// A drifted copy is not the service's answer, whichever way it drifts.
// @ts-expect-error a field the service does not answer
same<UserInfo, { trialActivated: boolean; subscriptionActive: boolean; trialUsed: boolean }>(true);
// @ts-expect-error a field typed otherwise than the service types it
same<DeviceInfo, { deviceId: string; deviceName: string | null }>(true);

declare const client: UserServiceClient;
declare const subscription: SubscriptionInfo;

export async function typedAnswers() {
  // @ts-expect-error not `any`: no such field in the subscription's answer
  void subscription.renewsOn;
  // @ts-expect-error isActive is the service's boolean
  const active: string = subscription.isActive;

  // A call's result is typed from its route, never cast to what the caller wishes.
  const result = await runServiceCall(() => client['get-device-info'].$post());
  if (result.ok) {
    same<typeof result.data, DeviceInfo>(true);
    // @ts-expect-error not `any`: the device's answer has no plan
    void result.data.plan;
  }
  // @ts-expect-error a call typed for one answer cannot claim another's
  const misread: ServiceCall<UserInfo> = (init) => runServiceCall(() => client['get-device-info'].$post(undefined, { init }));
  return [active, misread];
}
