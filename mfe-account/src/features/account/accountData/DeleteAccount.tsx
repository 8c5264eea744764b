import {
  Button,
  confirmPassword,
  currentLocale,
  SITE_TIME_ZONE,
  RefusalAnnouncement,
  signOut,
  StatusMessage,
  TextField,
  useFormValidation,
  useServiceAction,
  useServiceRead,
  useTranslation,
  type AccountDataExport,
  type ActionState,
} from '@site/shared-ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { accountDeletionStatus, deleteAccount, exportAccountData, type AccountDeletion } from '../../../api/accountCalls';
import { CallOutcome } from '../../../components/CallOutcome';
import { Actions, Confirmation } from '../../../components/Confirmation';
import { Notice } from '../../../components/Notice';
import { usePlanName } from '../../../plans/usePlanName';
import { trialStatus } from '../subscription/subscriptionDisplay';

/**
 * Where a deletion goes if signing out fails (the account is gone anyway): a full page load of
 * /login, which says so (the session's end reason says it otherwise).
 */
const SIGNED_OUT_AFTER_DELETION = '/login?reason=deleted';

/** The danger-framed question, its list of what is lost spaced for reading. */
const DeletionConfirmation = styled(Confirmation)`
  margin-block: 1rem 1.5rem;
  ul {
    padding-inline-start: 1.25rem;
  }
  li + li {
    margin-top: 0.5rem;
  }
`;

/** GOV.UK's warning button: an action that destroys something, in the danger colour (7:1 either way). */
const WarningButton = styled(Button)`
  background: ${({ theme }) => theme.color.danger};
  border-color: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.background};
`;

/** What the user loses, named from their own data: the subscription and its time left, the phone, the sign-in, the rest. */
function Losses({ data, email, now = Date.now() }: { data: AccountDataExport; email: string | null; now?: number }) {
  const { t } = useTranslation('account');
  const planName = usePlanName();
  const items: string[] = [];
  const live = data.subscriptions.find((s) => s.status === 'active' || s.status === 'trialing');
  if (live) {
    const plan = planName(live.plan, live.productName);
    if (live.status === 'trialing' && live.trialEnd !== null) {
      const trial = trialStatus(live.trialEnd, now);
      // The site's own free trial is not named twice ("the free trial (Free trial)").
      const context = live.plan === 'trial' ? 'free' : undefined;
      items.push(
        trial.kind === 'daysLeft' ? t('accountData.delete.losses.trial', { plan, count: trial.days, context }) : t('accountData.delete.losses.trialEndsToday', { plan, context }),
      );
    } else if (live.currentPeriodEnd !== null && live.currentPeriodEnd * 1000 > now) {
      const until = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: SITE_TIME_ZONE }).format(new Date(live.currentPeriodEnd * 1000));
      items.push(t('accountData.delete.losses.subscription', { plan, date: until }));
    } else {
      items.push(t('accountData.delete.losses.subscriptionNow', { plan }));
    }
  }
  if (data.device) items.push(t('accountData.delete.losses.device', { name: data.device.deviceName || data.device.deviceId }));
  items.push(email ? t('accountData.delete.losses.signIn', { email }) : t('accountData.delete.losses.signInGeneric'));
  items.push(t('accountData.delete.losses.data'));
  return (
    <>
      <p>{t('accountData.delete.lossesIntro')}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Notice>{t('accountData.delete.final')}</Notice>
    </>
  );
}

type PasswordProblem = 'wrong' | 'tooMany' | 'unavailable';
const passwordProblem = (error: unknown): PasswordProblem => {
  const code = (error as { code?: unknown })?.code;
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential' || code === 'auth/invalid-login-credentials') return 'wrong';
  if (code === 'auth/too-many-requests') return 'tooMany';
  return 'unavailable';
};

/** Firebase wants a recent sign-in before it deletes a user: the password again, then the deletion goes on. */
function PasswordConfirmation({ busy, onConfirmed, onCancel }: { busy: boolean; onConfirmed: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const label = t('accountData.delete.password.label');
  const { message, validate, revalidate, announcement } = useFormValidation({ password: label });
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [said, setSaid] = useState('');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    document.getElementById('delete-account-password')?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = (form.elements.namedItem('password') as HTMLInputElement).value;
    setProblem(null);
    if (!validate(form)) return;
    setChecking(true);
    try {
      // Not trimmed: a password may begin or end with a space.
      await confirmPassword(password);
    } catch (error) {
      const found = passwordProblem(error);
      setProblem(found);
      const text = t(`accountData.delete.password.${found}`);
      setSaid((before) => (before === text ? `${text}\u00a0` : text));
      setChecking(false);
      return;
    }
    setChecking(false);
    await onConfirmed();
  };

  const working = busy || checking;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="delete-account-password-heading">
      <h4 id="delete-account-password-heading">{t('accountData.delete.password.heading')}</h4>
      <p>{t('accountData.delete.password.why')}</p>
      <TextField
        id="delete-account-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        label={label}
        error={message('password') ?? (problem ? t(`accountData.delete.password.${problem}`) : undefined)}
        onValueChange={revalidate}
      />
      <RefusalAnnouncement text={announcement || said} />
      <Actions>
        <WarningButton type="submit" disabled={working}>
          {working ? t('accountData.delete.working') : t('accountData.delete.password.submit')}
        </WarningButton>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={working}>
          {t('accountData.delete.cancel')}
        </Button>
      </Actions>
    </form>
  );
}

/** Why the deletion did not happen, in words that say what was done and what to do. */
function failureText(t: (key: string) => string, state: ActionState<AccountDeletion>): string {
  if (state.status !== 'failed') return '';
  switch (state.code) {
    case 'reauthentication_required':
      return t('accountData.delete.failed.reauthenticate');
    case 'deletion_interrupted':
      return t('accountData.delete.failed.interrupted');
    case 'deletion_in_progress':
      return t('accountData.delete.failed.inProgress');
    case 'billing_unavailable':
      return t('accountData.delete.failed.billing');
    default:
      return t(`accountData.delete.failed.${state.failure}`);
  }
}

/** The question (focused on arrival), what will be lost, and the deletion with its outcome announced. */
function ConfirmDeletion({ email, onCancel }: { email: string | null; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const question = useRef<HTMLHeadingElement>(null);
  const losses = useServiceRead('export-account-data', exportAccountData);
  const { state, run } = useServiceAction<AccountDeletion>();
  const [passwordNeeded, setPasswordNeeded] = useState(false);

  useEffect(() => {
    question.current?.focus();
  }, []);

  const remove = async () => {
    const result = await run(deleteAccount);
    if (result.ok) {
      // The account is gone: the session ends, and the shell shows /login saying so.
      await signOut('deleted').catch(() => window.location.assign(SIGNED_OUT_AFTER_DELETION));
      return;
    }
    if (result.code === 'reauthentication_required') setPasswordNeeded(true);
  };

  const working = state.status === 'working';
  const deleted = state.status === 'done';
  return (
    <DeletionConfirmation $danger role="group" aria-labelledby="delete-account-question">
      <h3 id="delete-account-question" ref={question} tabIndex={-1}>
        {t('accountData.delete.question')}
      </h3>
      <CallOutcome state={losses.state} retry={losses.retry} what={t('accountData.delete.what')}>
        {(file) => <Losses data={file.data} email={email} />}
      </CallOutcome>
      {passwordNeeded && !deleted ? (
        <PasswordConfirmation busy={working} onConfirmed={remove} onCancel={onCancel} />
      ) : (
        <Actions>
          {losses.state.status === 'done' && (
            <WarningButton type="button" onClick={() => void remove()} disabled={working || deleted}>
              {working || deleted ? t('accountData.delete.working') : t('accountData.delete.confirm')}
            </WarningButton>
          )}
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={working || deleted}>
            {t('accountData.delete.cancel')}
          </Button>
        </Actions>
      )}
      <StatusMessage role="status" $tone="success">
        {working ? t('accountData.delete.working') : deleted ? t('accountData.delete.done') : ''}
      </StatusMessage>
      <StatusMessage role="alert" $tone="danger">
        {failureText(t, state)}
      </StatusMessage>
    </DeletionConfirmation>
  );
}

/**
 * "Delete my account" (GOV.UK's "Are you sure" pattern): the button opens a confirmation whose
 * heading takes the focus and which names what will be lost; Cancel closes it and gives the
 * focus back to the button. Deleted, the user is signed out and /login says so.
 */
export function DeleteAccount({ email }: { email: string | null }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const start = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    setConfirming(false);
    // The button comes back on the next render; focus it then.
    requestAnimationFrame(() => start.current?.focus());
  };

  // A deletion already under way (begun elsewhere, or finishing after an interruption) is said as
  // it is, instead of offering to start one; until the service has answered, the button stands.
  const status = useServiceRead('account-deletion-status', accountDeletionStatus);
  const deletion = status.state.status === 'done' ? status.state.data.deletion : null;
  if (deletion)
    return (
      <section aria-labelledby="delete-account-heading">
        <h2 id="delete-account-heading">{t('accountData.delete.heading')}</h2>
        <Notice role="status">
          {deletion.state === 'failed' ? t('accountData.delete.underWay.failed') : t('accountData.delete.underWay.inProgress', { date: new Date(deletion.startedAt) })}
        </Notice>
      </section>
    );

  return (
    <section aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{t('accountData.delete.heading')}</h2>
      {confirming ? (
        <ConfirmDeletion email={email} onCancel={cancel} />
      ) : (
        <>
          <p>{t('accountData.delete.description')}</p>
          <WarningButton ref={start} type="button" onClick={() => setConfirming(true)}>
            {t('accountData.delete.start')}
          </WarningButton>
        </>
      )}
    </section>
  );
}
