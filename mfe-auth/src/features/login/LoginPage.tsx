import {
  Container,
  FULL_PLAN_PRICE_LEI,
  Link,
  loginReasonOf,
  loginSentFrom,
  Navigate,
  PageHeading,
  PlanSummary,
  Section,
  startSession,
  Trans,
  TRIAL_DAYS,
  useLocation,
  useSession,
  useTranslation,
} from '@site/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import '../../i18n/register';
import { SignInWidget } from './SignInWidget';

const Narrow = styled.div`
  max-width: 32rem;
  padding-bottom: 3rem;
`;

/** Why the visitor was sent here, set apart from the introduction. */
const Reason = styled.p`
  margin: 0 0 1.5rem;
  padding: 1rem 1.25rem;
  border-inline-start: 6px solid ${({ theme }) => theme.color.highlight};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 0.25rem;
`;

/** The pages whose visitor is shown the plans here: the pricing page and its alias. */
const PRICING_PAGES = ['/pricing', '/account-pricing'];

const Terms = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  a {
    color: ${({ theme }) => theme.color.link};
  }
`;

/**
 * /login: one sign-in form (SignInWidget: the page's own email step, then FirebaseUI's next steps
 * in its place). A signed-in visitor goes to /account at once; after a sign-in the session
 * registers the user, then the same rule takes them there. A visitor sent here (a guarded page, a
 * sign-out, an ended session, a deleted account) is told why in a status message, filled after the
 * page is drawn so that it is announced; focus stays on the page's h1, as on every page.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  // The navigation's state says why; a full page load after a failed sign-out can say it only
  // in the address (?reason=).
  const location = useLocation();
  const sentBecause = loginReasonOf(location.state) ?? loginReasonOf({ reason: new URLSearchParams(location.search).get('reason') });
  const [reason, setReason] = useState<typeof sentBecause>(null);
  useEffect(() => setReason(sentBecause), [sentBecause]);

  useEffect(() => {
    void startSession();
  }, []);

  // A visitor who asked for the prices (/pricing needs a sign-in) sees them here, before signing in.
  const fromPricing = PRICING_PAGES.includes(loginSentFrom(location.state) ?? '');

  if (session.status === 'signedIn') return <Navigate to="/account" replace />;

  return (
    <Container>
      <Narrow>
        <PageHeading>{t('login.title')}</PageHeading>
        <div role="status">{reason && <Reason>{t(`login.reasons.${reason}`)}</Reason>}</div>
        <p>{t('login.description')}</p>
        <SignInWidget />
        <Terms>
          <Trans t={t} i18nKey="login.terms" components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" />, contact: <Link to="/contact" /> }} />
        </Terms>
      </Narrow>
      {fromPricing && (
        <Section id="plans" title={t('plans.title', { ns: 'common' })} intro={t('plans.intro', { ns: 'common', days: TRIAL_DAYS, price: FULL_PLAN_PRICE_LEI })}>
          <PlanSummary startLink={false} />
        </Section>
      )}
    </Container>
  );
}
