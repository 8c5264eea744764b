import { Link, runtimeConfig, StatusMessage, useTranslation, VisuallyHidden, withTimeLimit } from '@site/shared-ui';
import { useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { openPortalSession, type PortalFlow } from '../../../api/accountCalls';
import { LOCAL_PORTAL_PATH, SUBSCRIPTION_TAB_PATH } from '../../../constants';
import { portalLink } from './subscriptionDisplay';

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;

/** The portal's links: what each is called, where in Stripe's portal it opens, and when it is shown. */
const LINKS: { key: 'changePayment' | 'changePlan' | 'cancel'; flow: PortalFlow; activeOnly: boolean }[] = [
  { key: 'changePayment', flow: 'payment_method', activeOnly: false },
  { key: 'changePlan', flow: 'manage', activeOnly: false },
  { key: 'cancel', flow: 'cancel', activeOnly: true },
];

/** Leaves the site for Stripe's portal (an object of its own, so that tests can watch it). */
export const portalNavigation = { leaveFor: (url: string) => window.location.assign(url) };

/**
 * The subscription's links to the customer portal (docs/product.md, "The account page": change payment, change plan,
 * cancel while active), each with the user's email prefilled. With local billing: the local
 * portal page. Otherwise Stripe's: the service opens a portal session for the user (deep links
 * for cancelling and for the card); when it cannot, the configured portal URL is the way in.
 */
export function PortalLinks({ email, active }: { email: string | null; active: boolean }) {
  const { t } = useTranslation('account');
  const { localBilling, stripe } = runtimeConfig();
  const [opening, setOpening] = useState(false);
  const links = LINKS.filter((link) => active || !link.activeOnly);

  if (localBilling) {
    const search = email ? `?${new URLSearchParams({ prefilled_email: email })}` : '';
    return (
      <List aria-label={t('subscription.localPortalLinks')}>
        {links.map(({ key }) => (
          <li key={key}>
            <Link to={`${LOCAL_PORTAL_PATH}${search}`}>
              {t(`subscription.portal.${key}`)}
              <VisuallyHidden> {t('subscription.portal.opensLocal')}</VisuallyHidden>
            </Link>
          </li>
        ))}
      </List>
    );
  }

  if (!stripe.customerPortalUrl) return null;
  const fallback = portalLink(stripe.customerPortalUrl, email);
  const open = async (event: MouseEvent<HTMLAnchorElement>, flow: PortalFlow) => {
    // A new tab or window (modifier keys) keeps the plain link: the portal's own sign-in by email.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (opening) return;
    setOpening(true);
    const result = await withTimeLimit(openPortalSession(flow, new URL(SUBSCRIPTION_TAB_PATH, window.location.origin).toString()));
    portalNavigation.leaveFor(result.ok ? result.data.url : fallback);
  };
  return (
    <>
      <List aria-label={t('subscription.portalLinks')}>
        {links.map(({ key, flow }) => (
          <li key={key}>
            <a href={fallback} onClick={(event) => void open(event, flow)} aria-disabled={opening || undefined}>
              {t(`subscription.portal.${key}`)}
              <VisuallyHidden> {t('subscription.portal.opensStripe')}</VisuallyHidden>
            </a>
          </li>
        ))}
      </List>
      {/* The wait is said: the page stays as it is until Stripe's opens. */}
      <StatusMessage role="status" $tone="success">
        {opening ? t('subscription.portal.opening') : ''}
      </StatusMessage>
    </>
  );
}
