import {
  Button,
  Container,
  Link,
  PageHeading,
  requestFocusAfterNavigation,
  StatusMessage,
  useSearchParams,
  useServiceAction,
  useTranslation,
  type ActionState,
} from '@site/shared-ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { followNewsletterLink } from '../../api/publicCalls';
import '../../i18n/register';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

/** What went wrong, in the words the page has for it: a link that cannot work, or a service that may answer later. */
const LINK_PROBLEMS = ['link_invalid', 'link_expired', 'link_unknown'] as const;
type LinkProblem = (typeof LINK_PROBLEMS)[number];
type Transient = 'unavailable' | 'rate_limited';

type State = { status: 'working'; attempt: number } | { status: 'done' } | { status: 'refused'; problem: LinkProblem } | { status: 'failed'; problem: Transient; attempt: number };

/** What the page says of the call (a TanStack mutation): working until it is sent and answered, then its outcome. */
function outcome(call: ActionState<unknown>, attempt: number): State {
  if (call.status === 'done') return { status: 'done' };
  if (call.status !== 'failed') return { status: 'working', attempt };
  if (call.failure === 'invalid') {
    const problem = LINK_PROBLEMS.find((code) => code === call.code) ?? 'link_invalid';
    return { status: 'refused', problem };
  }
  return { status: 'failed', problem: call.failure === 'rate_limited' ? 'rate_limited' : 'unavailable', attempt };
}

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 1.5rem;
  align-items: center;
  margin-top: 1.5rem;
  a {
    color: ${({ theme }) => theme.color.link};
  }
`;

/**
 * A newsletter link followed from a mail (/newsletter-confirm, /newsletter-unsubscribe, with its
 * token in the address): the page acts on arrival and says the outcome, politely while it works
 * and once done (role=status), at once when it fails (role=alert). A link that cannot work says
 * why and leads to the form; a service that did not answer gets a retry, the focus staying on it.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { t } = useTranslation('marketing');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { state: call, run } = useServiceAction<unknown>();
  const [attempt, setAttempt] = useState(0);
  const state: State = token ? outcome(call, attempt) : { status: 'refused', problem: 'link_invalid' };
  const success = useRef<HTMLParagraphElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  const retried = useRef(false);

  // Arrival is from a mail, a first load (where the site otherwise leaves the focus to the
  // browser): the h1 takes it all the same, so that what is said next is the outcome below it.
  useLayoutEffect(() => requestFocusAfterNavigation(''), []);

  // The first attempt on arrival; each retry is one more.
  useEffect(() => {
    if (token) void run(() => followNewsletterLink(action, token));
  }, [action, token, run]);

  // After a retry that settled it, the retry button goes: the focus moves to the outcome, which is read out.
  useEffect(() => {
    if (!retried.current) return;
    if (state.status === 'done') success.current?.focus();
    if (state.status === 'refused') problem.current?.focus();
  }, [state.status]);

  const retry = () => {
    if (state.status !== 'failed') return;
    retried.current = true;
    setAttempt(state.attempt + 1);
    void run(() => followNewsletterLink(action, token));
  };

  const texts = `newsletterLink.${action}` as const;
  const showRetry = state.status === 'failed' || (state.status === 'working' && state.attempt > 0);
  return (
    <Container>
      <PageHeading>{t(`${texts}.title`)}</PageHeading>
      <StatusMessage ref={success} role="status" $tone="success" tabIndex={-1}>
        {state.status === 'working' ? t(`${texts}.working`) : state.status === 'done' ? t(`${texts}.done`) : ''}
      </StatusMessage>
      <StatusMessage ref={problem} role="alert" $tone="danger" tabIndex={-1}>
        {state.status === 'refused' || state.status === 'failed' ? t(`newsletterLink.problem.${state.problem}`) : ''}
      </StatusMessage>
      <Actions>
        {showRetry && (
          <Button type="button" disabled={state.status === 'working'} onClick={retry}>
            {t('newsletterLink.retry')}
          </Button>
        )}
        {state.status === 'refused' && <Link to="/#newsletter">{t('newsletterLink.subscribeAgain')}</Link>}
        <Link to="/">{t('newsletterLink.home')}</Link>
      </Actions>
    </Container>
  );
}
