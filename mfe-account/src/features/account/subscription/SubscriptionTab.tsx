import { ButtonLink, useServiceRead, useTranslation } from '@site/shared-ui';
import { getSubscriptionInfo, type SubscriptionInfo } from '../../../api/accountCalls';
import { CallOutcome } from '../../../components/CallOutcome';
import { Details } from '../../../components/Details';
import { Notice } from '../../../components/Notice';
import { StatusBadge } from '../../../components/StatusBadge';
import { usePlanName } from '../../../plans/usePlanName';
import { PortalLinks } from './PortalLinks';
import { trialStatus } from './subscriptionDisplay';

function TrialNotice({ trialEndTimestamp, now }: { trialEndTimestamp: number; now: number }) {
  const { t } = useTranslation('account');
  const status = trialStatus(trialEndTimestamp, now);
  const text =
    status.kind === 'daysLeft'
      ? t('subscription.trial.daysLeft', { count: status.days })
      : status.kind === 'endsToday'
        ? t('subscription.trial.endsToday')
        : t('subscription.trial.ended');
  return (
    <Notice>
      <strong>{t('subscription.trial.title')}</strong> {text}
      {/* When it ends, and what follows: nothing is charged, the app stops until the full plan is chosen. */}
      {status.kind !== 'ended' && <> {t('subscription.trial.endsOn', { date: new Date(trialEndTimestamp * 1000) })}</>}
    </Notice>
  );
}

/** The subscription tab's content, from the answer of get-subscription-info. */
export function SubscriptionDetails({ info, email, now = Date.now() }: { info: SubscriptionInfo; email: string | null; now?: number }) {
  const { t } = useTranslation('account');
  const planName = usePlanName();
  return (
    <>
      <Details>
        <dt>{t('subscription.status')}</dt>
        <dd>
          <StatusBadge active={info.isActive} />
        </dd>
        <dt>{t('subscription.plan')}</dt>
        <dd>{planName(info.plan, info.productName)}</dd>
      </Details>
      {info.isTrial && info.trialEndTimestamp !== null && <TrialNotice trialEndTimestamp={info.trialEndTimestamp} now={now} />}
      {info.isActive && typeof info.cancelAt === 'number' && (
        <Notice>
          <strong>{t('subscription.cancelled.title')}</strong> {t('subscription.cancelled.endsOn', { date: new Date(info.cancelAt * 1000) })}
        </Notice>
      )}
      {!info.isActive && <ButtonLink to="/pricing">{t('subscription.renew')}</ButtonLink>}
      <PortalLinks email={email} active={info.isActive} />
    </>
  );
}

export function SubscriptionTab({ email }: { email: string | null }) {
  const { t } = useTranslation('account');
  const { state, retry, answeredAt } = useServiceRead('get-subscription-info', getSubscriptionInfo);
  return (
    <CallOutcome state={state} retry={retry} what={t('subscription.what')}>
      {/* The trial's days left as of the answer: the same words from the server's HTML to the hydrated page. */}
      {(info) => <SubscriptionDetails info={info} email={email} now={answeredAt} />}
    </CallOutcome>
  );
}
