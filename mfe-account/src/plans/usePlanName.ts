import { useTranslation } from '@site/shared-ui';
import type { LocalPlan } from '../api/accountCalls';

/**
 * A subscription's plan name in the page's language: one of the site's own plans by the plan
 * cards' words, else the product's name as the billing provider gives it.
 */
export function usePlanName() {
  const { t } = useTranslation('account');
  return (plan: LocalPlan | null, productName: string | null) => (plan ? t(`plans.${plan}.title`) : (productName ?? t('subscription.noPlan')));
}
