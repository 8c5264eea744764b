import { FULL_PLAN_PRICE_LEI, PlanSummary, Section, TRIAL_DAYS, useTranslation } from '@site/shared-ui';

/** The plans and the trial, before any sign-in (anchor id plans: the header's "Prices" for visitors). */
export function Plans() {
  const { t } = useTranslation('common');
  return (
    <Section id="plans" title={t('plans.title')} intro={t('plans.intro', { days: TRIAL_DAYS, price: FULL_PLAN_PRICE_LEI })}>
      <PlanSummary />
    </Section>
  );
}
