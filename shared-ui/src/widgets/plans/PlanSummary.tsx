import { FULL_PLAN_PRICE_LEI, TRIAL_DAYS } from '@site/contract/plans';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ButtonLink } from '../../primitives/Button';
import { Card } from '../../primitives/Card';
import { Link } from '../../router';
import { plainFigures } from '../../theme/globalCss';

/** The plans a visitor can choose, in the order they are shown; the figures come from the plans' one home. */
const PLANS = ['trial', 'full', 'eligibility'] as const;
export type PlanId = (typeof PLANS)[number];

/** Three cards in one row where they fit, else one a row: never two and a lone one. */
const Cards = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  list-style: none;
  padding: 0;
  /* A card is a cell of the grid, not a line of running text (main's list items keep a measure). */
  && > li {
    max-width: none;
  }
  @media (min-width: 52rem) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** A plan's card: the recommended one framed in the highlight colour (the pricing page's cards too). */
export const PlanCard = styled(Card)<{ $popular: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  border-width: ${({ $popular }) => ($popular ? '3px' : '1px')};
  border-color: ${({ theme, $popular }) => ($popular ? theme.color.highlight : theme.color.border)};
  && p {
    margin: 0;
  }
`;

/** A price: its figures with a plain zero (globalCss.ts's plainFigures), smaller than the card's heading. */
export const PriceFigure = styled.p`
  && {
    color: ${({ theme }) => theme.color.text};
    ${plainFigures}
    font-size: 1.25rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** The word that marks the recommended plan. */
export const PlanPopular = styled.p`
  && {
    color: ${({ theme }) => theme.color.highlight};
    font-weight: 700;
  }
`;

/** The facts name the price too: its zero plain there as well. */
const Facts = styled.ul`
  padding-inline-start: 1.25rem;
  ${plainFigures}
`;

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: center;
`;

const FIGURES = { days: TRIAL_DAYS, price: FULL_PLAN_PRICE_LEI };

/**
 * How a plan's price is said, by the shop conventions of the page's language ("60 lei / lună", "60
 * lei a month"); the trial as free for its days, never as a price of zero.
 */
export function usePlanPrice(): (plan: PlanId) => string {
  const { t } = useTranslation('common');
  return (plan) => (plan === 'trial' ? t('plans.freeFor', FIGURES) : plan === 'full' ? t('plans.perMonth', FIGURES) : t('plans.noMonthlyPayment'));
}

/**
 * What a visitor needs to decide before signing in (the landing page's plans section, and /login
 * for a visitor sent there from /pricing): each plan's price a month, the trial's length and what
 * it includes, that no card is asked for, what happens when it ends, how to cancel. The signed-in
 * /pricing page sells the same plans.
 * @param headingLevel the level of each plan's heading (one below the section's own)
 * @param startLink whether to offer the way to start the trial (not on /login, where it starts)
 */
export function PlanSummary({ headingLevel = 3, startLink = true }: { headingLevel?: 3 | 4; startLink?: boolean }) {
  const { t } = useTranslation('common');
  const priceOf = usePlanPrice();
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <Cards>
        {PLANS.map((plan) => (
          <PlanCard key={plan} $popular={plan === 'full'}>
            <Heading>{t(`plans.${plan}.title`)}</Heading>
            {plan === 'full' && <PlanPopular>{t('plans.popular')}</PlanPopular>}
            <PriceFigure>{priceOf(plan)}</PriceFigure>
            <p>{t(`plans.${plan}.description`, FIGURES)}</p>
          </PlanCard>
        ))}
      </Cards>
      <Heading>{t('plans.factsTitle')}</Heading>
      <Facts>
        {(['card', 'trialEnd', 'renewal', 'cancelling'] as const).map((fact) => (
          <li key={fact}>{t(`plans.facts.${fact}`, FIGURES)}</li>
        ))}
      </Facts>
      <Actions>
        {startLink && <ButtonLink to="/login">{t('plans.start')}</ButtonLink>}
        <Link to="/terms">{t('plans.terms')}</Link>
      </Actions>
    </>
  );
}
