import {
  Button,
  ButtonLink,
  PlanCard as SharedPlanCard,
  PlanPopular,
  CardList,
  PriceFigure,
  StatusMessage,
  TRIAL_DAYS,
  useNavigate,
  usePlanPrice,
  useServiceAction,
  useTranslation,
  VisuallyHidden,
} from '@site/shared-ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { localCheckout, type LocalCheckout, type LocalPlan } from '../../api/accountCalls';
import { SUBSCRIPTION_TAB_PATH } from '../../constants';
import { PLANS } from '../../plans/plans';

/** The shared plan card, its action at the foot whatever the length of its text. */
const PlanCard = styled(SharedPlanCard)`
  h2 {
    margin: 0;
  }
  > :last-child {
    margin-top: auto;
  }
`;

/**
 * The site's own plans as cards, with the benefits every plan shares. With `checkout`, choosing
 * the trial or the full plan completes the local checkout and opens the subscription tab.
 */
export function PlanCards({ checkout }: { checkout: boolean }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { state, run } = useServiceAction<LocalCheckout>();
  const [chosen, setChosen] = useState<LocalPlan | null>(null);
  const benefitsId = useId();
  const priceOf = usePlanPrice();
  const working = state.status === 'working';

  const choose = async (plan: LocalPlan) => {
    setChosen(plan);
    const result = await run(localCheckout(plan));
    if (result.ok) navigate(SUBSCRIPTION_TAB_PATH);
  };

  const failure = state.status !== 'failed' ? '' : state.code === 'trial_already_used' ? t('plans.failure.trialUsed') : t(`plans.failure.${state.failure}`);

  return (
    <>
      <CardList>
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} $popular={plan.popular}>
            <h2>{t(`plans.${plan.id}.title`)}</h2>
            {plan.popular && <PlanPopular>{t('plans.popular')}</PlanPopular>}
            <PriceFigure>{priceOf(plan.id)}</PriceFigure>
            <p>{t(`plans.${plan.id}.description`, { days: TRIAL_DAYS })}</p>
            {plan.checkout === null ? (
              <ButtonLink to="/contact" $variant="secondary">
                {t(`plans.${plan.id}.buttonText`)}
              </ButtonLink>
            ) : checkout ? (
              <Button type="button" $variant={plan.popular ? 'primary' : 'secondary'} disabled={working} onClick={() => void choose(plan.checkout as LocalPlan)}>
                {working && chosen === plan.checkout ? t('plans.working') : t(`plans.${plan.id}.buttonText`)}
              </Button>
            ) : null}
          </PlanCard>
        ))}
      </CardList>
      {/* The wait is said too: the chosen button keeps the focus, and a changed name is not always read. */}
      {checkout && <VisuallyHidden role="status">{working ? t('plans.working') : ''}</VisuallyHidden>}
      {checkout && (
        <StatusMessage role="alert" $tone="danger">
          {failure}
        </StatusMessage>
      )}
      <section aria-labelledby={benefitsId}>
        <h2 id={benefitsId}>{t('plans.benefitsTitle')}</h2>
        <ul>
          {(t('plans.benefits', { returnObjects: true }) as string[]).map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
