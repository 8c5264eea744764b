import { Container, LoadingStatus, PageHeading, runtimeConfig, Trans, TRIAL_DAYS, useSession, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { FailureWithRetry } from '../../components/FailureWithRetry';
import '../../i18n/register';
import { PlanCards } from './PlanCards';
import { useStripePricingTable } from './useStripePricingTable';

const Highlight = styled.span`
  color: ${({ theme }) => theme.color.highlight};
`;

const Lead = styled.p`
  font-size: 1.25rem;
  max-width: ${({ theme }) => theme.type.measure};
`;

/**
 * /pricing: Stripe's pricing table for the signed-in user (client-reference-id = uid,
 * customer-email = email) when Stripe is configured and its script loads; otherwise the site's
 * own plans, whose checkout is simulated locally when no Stripe keys are set.
 */
export default function PricingPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const { stripe, localBilling } = runtimeConfig();
  const stripeConfigured = Boolean(stripe.pricingTableId && stripe.publishableKey);
  const table = useStripePricingTable(stripeConfigured && Boolean(user));

  return (
    <Container>
      <PageHeading title={t('pricing.title')}>
        <Trans t={t} i18nKey="pricing.heading" components={{ mark: <Highlight /> }} />
      </PageHeading>
      <Lead>{t('pricing.description', { days: TRIAL_DAYS })}</Lead>
      {table.state === 'ready' && user ? (
        <stripe-pricing-table
          pricing-table-id={stripe.pricingTableId}
          publishable-key={stripe.publishableKey}
          client-reference-id={user.uid}
          customer-email={user.email ?? undefined}
        />
      ) : table.state === 'loading' ? (
        <LoadingStatus label={t('pricing.tableLoading')} />
      ) : (
        <>
          {table.state === 'failed' && <FailureWithRetry message={t('pricing.tableFailed')} onRetry={table.retry} />}
          {!stripeConfigured && !localBilling && <p>{t('pricing.checkoutUnavailable')}</p>}
          <PlanCards checkout={!stripeConfigured && localBilling} />
        </>
      )}
    </Container>
  );
}
