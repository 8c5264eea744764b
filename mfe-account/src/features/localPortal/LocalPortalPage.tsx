import type { ServerReads } from '@site/rendering/contract';
import {
  Button,
  ButtonLink,
  Container,
  Link,
  PageIntro,
  runtimeConfig,
  StatusMessage,
  usePlanPrice,
  useServiceAction,
  useServiceRead,
  useSession,
  useTranslation,
} from '@site/shared-ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { getLocalPortal, updateLocalPortal, type LocalPlan, type LocalPortalState, type LocalPortalUpdate } from '../../api/accountCalls';
import { CallOutcome } from '../../components/CallOutcome';
import { Actions, Confirmation } from '../../components/Confirmation';
import { Details } from '../../components/Details';
import { Notice } from '../../components/Notice';
import { SUBSCRIPTION_TAB_PATH } from '../../constants';
import '../../i18n/register';
import { usePlanName } from '../../plans/usePlanName';
import { StatusBadge } from '../../components/StatusBadge';

const Section = styled.section`
  margin-block: 2rem;
  h2 {
    font-size: ${({ theme }) => theme.type.size.h3};
  }
`;

type Subscription = NonNullable<LocalPortalState['subscription']>;
type Action = LocalPortalUpdate['action'];

// What each refusal of the service means to the user; any other is said by its kind (call.failed…).
const REFUSALS = ['trial_already_used', 'plan_unchanged', 'already_cancelled', 'not_cancelled', 'subscription_not_active', 'subscription_not_found'];

const date = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

/** What the portal lets the user do with a live subscription, each change announced and its result focused. */
function ManageSubscription({ initial, email }: { initial: Subscription & { switchTo: LocalPlan[] }; email: string | null }) {
  const { t } = useTranslation('account');
  const planName = usePlanName();
  const priceOf = usePlanPrice();
  const [portal, setPortal] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const { state, run } = useServiceAction<LocalPortalState>();
  const result = useRef<HTMLParagraphElement>(null);
  const question = useRef<HTMLHeadingElement>(null);
  const cancelStart = useRef<HTMLButtonElement>(null);
  const working = state.status === 'working';

  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  useEffect(() => {
    // The button pressed may be gone (cancel → resume): the result is where the user goes on from.
    if (done) result.current?.focus();
  }, [done]);

  const act = async (update: LocalPortalUpdate, said: (next: Subscription) => string) => {
    setDone(null);
    setPending(update.action);
    const answer = await run(updateLocalPortal(update));
    setPending(null);
    if (!answer.ok || !answer.data.subscription) return;
    const next = answer.data.subscription;
    setConfirming(false);
    setPortal({ ...next, switchTo: answer.data.switchTo });
    setDone(said(next));
  };

  const id = portal.id;
  const endsOn = date(portal.cancelAt);
  const renewsOn = date(portal.currentPeriodEnd);
  const failure =
    state.status !== 'failed'
      ? ''
      : state.code && REFUSALS.includes(state.code)
        ? t(`localPortal.refused.${state.code}`)
        : t(`call.failed.${state.failure}`, { what: t('localPortal.what') });

  return (
    <>
      <Details>
        <dt>{t('account.email')}</dt>
        <dd>{email ?? t('account.noEmail')}</dd>
        <dt>{t('subscription.status')}</dt>
        <dd>
          <StatusBadge active={portal.live} />
        </dd>
        <dt>{t('subscription.plan')}</dt>
        <dd>{planName(portal.plan, portal.productName)}</dd>
        {(endsOn ?? renewsOn) && (
          <>
            {/* A free trial ends; only a paid plan renews. */}
            <dt>{endsOn ? t('localPortal.endsOn') : portal.plan === 'trial' ? t('localPortal.trialEndsOn') : t('localPortal.renewsOn')}</dt>
            <dd>{t('localPortal.date', { date: endsOn ?? renewsOn })}</dd>
          </>
        )}
      </Details>

      {/* A cancellation whose period had already passed ends the subscription at once. */}
      {!portal.live ? (
        <>
          <p>{t('localPortal.none')}</p>
          <ButtonLink to="/pricing">{t('subscription.renew')}</ButtonLink>
        </>
      ) : (
        <>
          <Section aria-labelledby="portal-plan">
            <h2 id="portal-plan">{t('localPortal.plan.title')}</h2>
            {portal.switchTo.length === 0 ? (
              <p>{t('localPortal.plan.none')}</p>
            ) : (
              <Actions>
                {portal.switchTo.map((plan) => (
                  <Button
                    key={plan}
                    type="button"
                    disabled={working}
                    onClick={() => void act({ action: 'switch_plan', subscription: id, plan }, () => t('localPortal.plan.done', { plan: planName(plan, null) }))}
                  >
                    {pending === 'switch_plan'
                      ? t('localPortal.working')
                      : t('localPortal.plan.switch', {
                          // The plan as named inside a sentence ("planul complet"), not as a title.
                          plan: t(`plans.${plan}.inSentence`),
                          price: priceOf(plan),
                        })}
                  </Button>
                ))}
              </Actions>
            )}
          </Section>

          <Section aria-labelledby="portal-payment">
            <h2 id="portal-payment">{t('localPortal.payment.title')}</h2>
            <p>{t('localPortal.payment.explained')}</p>
            <Button
              type="button"
              $variant="secondary"
              disabled={working}
              onClick={() => void act({ action: 'update_payment_method', subscription: id }, () => t('localPortal.payment.done'))}
            >
              {pending === 'update_payment_method' ? t('localPortal.working') : t('localPortal.payment.update')}
            </Button>
          </Section>

          <Section aria-labelledby="portal-cancel">
            <h2 id="portal-cancel">{endsOn ? t('localPortal.resume.title') : t('localPortal.cancel.title')}</h2>
            {endsOn ? (
              <>
                <p>{t('localPortal.resume.explained', { date: endsOn })}</p>
                <Button
                  type="button"
                  disabled={working}
                  onClick={() => void act({ action: 'resume', subscription: id }, (next) => t('localPortal.resume.done', { date: date(next.currentPeriodEnd) ?? new Date() }))}
                >
                  {pending === 'resume' ? t('localPortal.working') : t('localPortal.resume.start')}
                </Button>
              </>
            ) : !confirming ? (
              <>
                <p>{t('localPortal.cancel.explained')}</p>
                <Button ref={cancelStart} type="button" $variant="secondary" disabled={working} onClick={() => setConfirming(true)}>
                  {t('localPortal.cancel.start')}
                </Button>
              </>
            ) : (
              <Confirmation role="group" aria-labelledby="cancel-question">
                <h3 id="cancel-question" ref={question} tabIndex={-1}>
                  {t('localPortal.cancel.question')}
                </h3>
                <p>{renewsOn ? t('localPortal.cancel.effects', { date: renewsOn }) : t('localPortal.cancel.effectsNow')}</p>
                <Actions>
                  <Button
                    type="button"
                    disabled={working}
                    onClick={() =>
                      void act({ action: 'cancel', subscription: id }, (next) =>
                        next.live && next.cancelAt !== null ? t('localPortal.cancel.done', { date: date(next.cancelAt) }) : t('localPortal.cancel.ended'),
                      )
                    }
                  >
                    {pending === 'cancel' ? t('localPortal.working') : t('localPortal.cancel.confirm')}
                  </Button>
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={working}
                    onClick={() => {
                      setConfirming(false);
                      // The start button comes back on the next render; focus it then.
                      requestAnimationFrame(() => cancelStart.current?.focus());
                    }}
                  >
                    {t('localPortal.cancel.keep')}
                  </Button>
                </Actions>
              </Confirmation>
            )}
          </Section>
        </>
      )}

      <StatusMessage ref={result} role="status" $tone="success" tabIndex={-1}>
        {working ? t('localPortal.working') : (done ?? '')}
      </StatusMessage>
      <StatusMessage role="alert" $tone="danger">
        {failure}
      </StatusMessage>
    </>
  );
}

function Portal() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const { state, retry } = useServiceRead('local-billing/portal', getLocalPortal);
  return (
    <CallOutcome state={state} retry={retry} what={t('localPortal.what')}>
      {({ subscription, switchTo }) =>
        subscription?.live ? (
          <ManageSubscription initial={{ ...subscription, switchTo }} email={user?.email ?? null} />
        ) : (
          <>
            <p>{t('localPortal.none')}</p>
            <ButtonLink to="/pricing">{t('subscription.renew')}</ButtonLink>
          </>
        )
      }
    </CallOutcome>
  );
}

/** With local billing, the page's first render shows the portal's read (the site's server makes it for a signed-in visitor). */
export const serverReads: ServerReads = () => (runtimeConfig().localBilling ? ['local-billing/portal'] : []);

/**
 * /account-billing: the local customer portal of the embedded default (local billing, no Stripe
 * keys), standing in for Stripe's: switch plan, a simulated card update, cancel at the period's
 * end and resume. Each change is made by the events Stripe would send, through the service's
 * webhook. Where local billing is off the page says so and does nothing.
 */
export default function LocalPortalPage() {
  const { t } = useTranslation('account');
  const { localBilling } = runtimeConfig();
  return (
    <Container>
      <PageIntro title={t('localPortal.title')} description={t('localPortal.description')} />
      {localBilling ? (
        <>
          <Notice>{t('localPortal.simulated')}</Notice>
          <Portal />
        </>
      ) : (
        <p>{t('localPortal.unavailable')}</p>
      )}
      <p>
        <Link to={SUBSCRIPTION_TAB_PATH}>{t('localPortal.back')}</Link>
      </p>
    </Container>
  );
}
