import type { PlanId } from '@site/shared-ui';
import type { LocalPlan } from '../api/accountCalls';

/**
 * The site's own plans; their words are in the translations under plans.<id>, their prices as the
 * whole site says them (usePlanPrice).
 * A plan either checks out (a subscription) or asks the visitor to contact us.
 */
export const PLANS: { id: PlanId; popular: boolean; checkout: LocalPlan | null }[] = [
  { id: 'trial', popular: false, checkout: 'trial' },
  { id: 'full', popular: true, checkout: 'full' },
  { id: 'eligibility', popular: false, checkout: null },
];
