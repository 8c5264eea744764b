import { FULL_PLAN_PRICE_LEI } from '@site/shared-ui';
import type { LocalPlan } from '../api/accountCalls';

/**
 * The site's own plans (spec section 9); their words are in the translations under plans.<id>.
 * A plan either checks out (a subscription) or asks the visitor to contact us.
 */
export const PLANS: { id: 'trial' | 'full' | 'eligibility'; price: number; popular: boolean; checkout: LocalPlan | null }[] = [
  { id: 'trial', price: 0, popular: false, checkout: 'trial' },
  { id: 'full', price: FULL_PLAN_PRICE_LEI, popular: true, checkout: 'full' },
  { id: 'eligibility', price: 0, popular: false, checkout: null },
];
